import { describe, expect, it } from 'vitest';
import { canonicalJson, canonicalSha256 } from './canonical-json';

describe('canonicalJson (RFC 8785)', () => {
  it('sorts keys by UTF-16 code units, drops whitespace and prints numbers as ECMAScript does', () => {
    // The RFC's own example of key order (section 3.2.3), and its number samples (appendix B).
    const sorted = canonicalJson({
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ud83d\ude00': 'Emoji',
      '1': 'One',
      '\u0080': 'Control',
      '\u00f6': 'Latin Small Letter O With Diaeresis',
    });
    expect(sorted).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","ö":"Latin Small Letter O With Diaeresis","€":"Euro Sign","😀":"Emoji"}',
    );
    expect(canonicalJson({ b: [1e21, 0.000001, -0, 333333333.3333333], a: { z: true, y: null } })).toBe(
      '{"a":{"y":null,"z":true},"b":[1e+21,0.000001,0,333333333.3333333]}',
    );
  });

  it('gives the same hash whatever the order the keys came in', () => {
    expect(canonicalSha256({ a: 1, b: 'é' })).toBe(canonicalSha256({ b: 'é', a: 1 }));
    expect(canonicalSha256({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });
});

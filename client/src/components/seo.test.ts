import { describe, expect, it } from 'vitest';
import { metaDescription } from './seo';

describe('metaDescription', () => {
  it('keeps short texts as they are', () => {
    expect(metaDescription('Decks built for snow.')).toBe('Decks built for snow.');
  });

  it('ends long texts at the last whole sentence that fits', () => {
    const text = `${'A'.repeat(90)}. ${'B'.repeat(100)}.`;
    expect(metaDescription(text)).toBe(`${'A'.repeat(90)}.`);
  });

  it('otherwise cuts at a word and adds an ellipsis', () => {
    const text = 'word '.repeat(60).trim();
    const result = metaDescription(text);
    expect(result.length).toBeLessThanOrEqual(161);
    expect(result.endsWith('word…')).toBe(true);
  });
});

import fc from 'fast-check';
import { parsePhoneNumberFromString as parseWithEveryCountry } from 'libphonenumber-js/min';
import everyCountry from 'libphonenumber-js/metadata.min.json';
import { describe, expect, it } from 'vitest';
import { usPhone } from './business-details';
import { usPhoneMetadata } from './us-phone-metadata';

/** usPhone as it was with the package's metadata for every country. */
function usPhoneWithEveryCountry(value: string): { display: string; e164: string } | null {
  const phone = parseWithEveryCountry(value, 'US');
  if (!phone || phone.country !== 'US' || !phone.isValid()) return null;
  return { display: phone.formatNational(), e164: phone.number };
}

const digits = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });
/** A number written as people write them: with or without +1, 1 or 011, separators, an extension. */
const writtenNumber = fc
  .tuple(
    fc.constantFrom('', '+1 ', '1 ', '1-', '+', '011 ', '0', '(', '+1 ('),
    digits(3),
    fc.constantFrom('', ' ', ') ', '-', '.'),
    digits(3),
    fc.constantFrom('', ' ', '-', '.'),
    fc.oneof(digits(4), digits(3), digits(5)),
    fc.constantFrom('', ' x12', ' ext. 5', '#7'),
  )
  .map((parts) => parts.join(''));

describe('the US-only phone metadata', () => {
  it('is the installed libphonenumber-js’s own for the United States', () => {
    expect(
      usPhoneMetadata.countries.US,
      'libphonenumber-js changed its US metadata: copy countries.US from its metadata.min.json into shared/schemas/us-phone-metadata.ts',
    ).toEqual(everyCountry.countries.US);
    expect(usPhoneMetadata.version).toBe(everyCountry.version);
  });

  it('takes and refuses the numbers the metadata for every country does, and writes them the same', () => {
    for (const value of [
      '928.468.1234',
      '+1 (928) 468-1234',
      '1-800-555-0199',
      '(416) 555-0199',
      '+1 876 555 1234',
      '+1 787 555 1234',
      '+44 20 7946 0958',
      '011 44 20 7946 0958',
      '555-1234',
      '928 468 1234 ext. 5',
      '',
    ])
      expect(usPhone(value), value).toEqual(usPhoneWithEveryCountry(value));
    fc.assert(
      fc.property(fc.oneof(writtenNumber, fc.string({ maxLength: 24 })), (value) => {
        expect(usPhone(value)).toEqual(usPhoneWithEveryCountry(value));
      }),
      { numRuns: 3000 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  budgetRanges,
  countVisibleCharacters,
  maxPhotoBytes,
  photoContentTypes,
  photoMessages,
  projectTypes,
  quoteLimits,
  quoteMessages,
  quoteRequestFields,
  quoteRequestSchema,
  storedQuoteFields,
  stripControlCharacters,
  uploadRequestSchema,
} from './quote-request';
import { quoteFieldNames } from './quote-form-post';

const valid = {
  name: 'Jane Doe',
  phone: '(928) 555-0100',
  email: 'jane@example.com',
  projectType: 'Deck',
  city: 'Payson',
  budgetRange: 'Not sure yet',
};

/** The messages per field when `changes` are applied to a valid request. */
function errorsFor(changes: Record<string, unknown>) {
  const result = quoteRequestSchema.safeParse({ ...valid, ...changes });
  return result.success ? {} : z.flattenError(result.error).fieldErrors;
}

describe('the quote model', () => {
  it('lists the fields in the order the webhook sends them and retries are recognised by', () => {
    expect(quoteRequestFields.join(' ')).toBe('name phone email projectType city budgetRange message photoUrl');
    expect(quoteFieldNames).toEqual(quoteRequestFields.filter((field) => field !== 'photoUrl'));
  });

  it('stores a left-out message or photo as null and keeps nothing but the fields', () => {
    const parsed = quoteRequestSchema.parse({ ...valid, message: '  ' });
    expect(storedQuoteFields({ ...parsed, id: 'x' } as typeof parsed)).toEqual({
      ...valid,
      message: null,
      photoUrl: null,
    });
  });
});

describe('quoteRequestSchema', () => {
  it('accepts a complete request and trims every text field', () => {
    const parsed = quoteRequestSchema.parse({
      name: '  Jane Doe ',
      phone: ' (928) 555-0100 ',
      email: ' jane@example.com ',
      projectType: 'Walk-in Shower',
      city: ' Pine ',
      budgetRange: '$100,000+',
      message: '  Tile shower, 5 by 3 feet.  ',
    });
    expect(parsed).toEqual({
      name: 'Jane Doe',
      phone: '(928) 555-0100',
      email: 'jane@example.com',
      projectType: 'Walk-in Shower',
      city: 'Pine',
      budgetRange: '$100,000+',
      message: 'Tile shower, 5 by 3 feet.',
    });
  });

  it('accepts every project type and budget range, and nothing else', () => {
    for (const projectType of projectTypes) expect(errorsFor({ projectType })).toEqual({});
    for (const budgetRange of budgetRanges) expect(errorsFor({ budgetRange })).toEqual({});
    expect(errorsFor({ projectType: 'deck' })).toEqual({ projectType: [quoteMessages.projectType] });
    expect(errorsFor({ projectType: 'Hot tub' })).toEqual({ projectType: [quoteMessages.projectType] });
    expect(errorsFor({ budgetRange: '$1' })).toEqual({ budgetRange: [quoteMessages.budgetRange] });
  });

  it('drops unknown keys and an empty or blank message', () => {
    expect(quoteRequestSchema.parse({ ...valid, admin: true, id: 'x' })).toEqual(valid);
    expect(quoteRequestSchema.parse({ ...valid, message: '' })).toEqual(valid);
    expect(quoteRequestSchema.parse({ ...valid, message: '   ' })).toEqual(valid);
  });

  it('shows the specification messages for each rule', () => {
    expect(errorsFor({ name: 'J' })).toEqual({ name: ['Name must be at least 2 characters'] });
    expect(errorsFor({ name: '  J  ' })).toEqual({ name: ['Name must be at least 2 characters'] });
    expect(errorsFor({ phone: '555-0100' })).toEqual({ phone: ['Please enter a valid phone number'] });
    expect(errorsFor({ phone: '   928555010   ' })).toEqual({ phone: ['Please enter a valid phone number'] });
    expect(errorsFor({ email: 'jane@' })).toEqual({ email: ['Please enter a valid email address'] });
    expect(errorsFor({ email: 'jane example.com' })).toEqual({ email: ['Please enter a valid email address'] });
    expect(errorsFor({ projectType: '' })).toEqual({ projectType: ['Please select a project type'] });
    expect(errorsFor({ city: '' })).toEqual({ city: ['Please enter your city'] });
    expect(errorsFor({ city: '   ' })).toEqual({ city: ['Please enter your city'] });
    expect(errorsFor({ budgetRange: '' })).toEqual({ budgetRange: ['Please select a budget range'] });
  });

  it('gives the same messages when a required field is missing or not text', () => {
    const result = quoteRequestSchema.safeParse({ name: 42, message: 'hello' });
    expect(result.success).toBe(false);
    expect(z.flattenError(result.error!).fieldErrors).toEqual({
      name: [quoteMessages.name],
      phone: [quoteMessages.phone],
      email: [quoteMessages.email],
      projectType: [quoteMessages.projectType],
      city: [quoteMessages.city],
      budgetRange: [quoteMessages.budgetRange],
    });
  });

  it('accepts the shortest valid values', () => {
    expect(errorsFor({ name: 'Jo', phone: '9285550100', city: 'X' })).toEqual({});
  });

  it('caps the length of every text field', () => {
    const long = (n: number) => 'a'.repeat(n);
    expect(errorsFor({ name: long(quoteLimits.name) })).toEqual({});
    expect(errorsFor({ name: long(quoteLimits.name + 1) })).toEqual({ name: ['Name must be at most 100 characters'] });
    expect(errorsFor({ phone: '9'.repeat(quoteLimits.phone + 1) })).toEqual({ phone: [quoteMessages.phone] });
    expect(errorsFor({ email: `${long(250)}@example.com` })).toEqual({ email: [quoteMessages.email] });
    expect(errorsFor({ city: long(quoteLimits.city + 1) })).toEqual({ city: ['City must be at most 100 characters'] });
    expect(errorsFor({ message: long(quoteLimits.message) })).toEqual({});
    expect(errorsFor({ message: long(quoteLimits.message + 1) })).toEqual({
      message: ['Message must be at most 5000 characters'],
    });
    expect(errorsFor({ photoUrl: `https://example.com/${long(quoteLimits.photoUrl)}` })).toHaveProperty('photoUrl');
  });

  it('takes an optional absolute photo URL', () => {
    expect(quoteRequestSchema.parse({ ...valid, photoUrl: 'https://example.com/api/objects/x' }).photoUrl).toBe(
      'https://example.com/api/objects/x',
    );
    expect(errorsFor({ photoUrl: '/api/objects/x' })).toHaveProperty('photoUrl');
    expect(errorsFor({ photoUrl: '' })).toHaveProperty('photoUrl');
  });
});

describe('invisible characters', () => {
  const esc = '\u001b';
  const rlo = '\u202e';

  it('strips control characters from every text field', () => {
    const parsed = quoteRequestSchema.parse({
      name: `Ja${esc}[31mne\u0000 Doe\u0007`,
      phone: `(928)\u0085 555-0100${esc}`,
      email: `jane@exam\u007fple.com\u009b`,
      projectType: 'Deck',
      city: `Pay\u0008son\u0001`,
      budgetRange: 'Not sure yet',
      message: `New ${esc}[2Jdeck.\u0000`,
    });
    expect(parsed).toEqual({
      name: 'Ja[31mne Doe',
      phone: '(928) 555-0100',
      email: 'jane@example.com',
      projectType: 'Deck',
      city: 'Payson',
      budgetRange: 'Not sure yet',
      message: 'New [2Jdeck.',
    });
  });

  it('keeps line breaks only in the message, as LF, and turns tabs into spaces', () => {
    const parsed = quoteRequestSchema.parse({
      ...valid,
      name: 'Jane\r\nDoe',
      city: 'Star\tValley\n',
      phone: '(928)\t\t555-0100',
      message: '\r\nNew deck.\r\nAbout 12\tby 16 feet.\rThanks\u2028Jane\n\n',
    });
    expect(parsed).toMatchObject({
      name: 'Jane Doe',
      city: 'Star Valley',
      phone: '(928) 555-0100',
      message: 'New deck.\nAbout 12 by 16 feet.\nThanks\nJane',
    });
  });

  it('strips bidirectional overrides and isolates from every field', () => {
    const bidi = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
    const parsed = quoteRequestSchema.parse({
      ...valid,
      name: `${rlo}eoD enaJ`,
      phone: `${bidi}(928) 555-0100`,
      email: `jane@exa${bidi}mple.com`,
      city: `Pay${bidi}son`,
      message: `Deck${bidi}`,
    });
    expect(parsed).toMatchObject({
      name: 'eoD enaJ',
      phone: '(928) 555-0100',
      email: 'jane@example.com',
      city: 'Payson',
      message: 'Deck',
    });
  });

  it('applies the length caps and the blank checks after cleaning', () => {
    expect(errorsFor({ name: `${'a'.repeat(quoteLimits.name)}${esc.repeat(50)}` })).toEqual({});
    expect(errorsFor({ phone: `928555010${esc}` })).toEqual({ phone: [quoteMessages.phone] });
    expect(errorsFor({ city: `${esc}\u0000` })).toEqual({ city: [quoteMessages.city] });
    expect(quoteRequestSchema.parse({ ...valid, message: `\r\n\t${esc}` })).toEqual(valid);
  });

  it('needs two visible characters in a name and one in a city', () => {
    for (const name of ['  ', '\u200b\u200b', 'a\u200b', 'é', 'e\u0301', '\u00a0\u3000', `J${rlo}`, '\ufeffJ']) {
      expect(errorsFor({ name }), JSON.stringify(name)).toEqual({ name: [quoteMessages.name] });
    }
    for (const name of ['Jo', '李明', 'Ñu', "O'", '$1']) expect(errorsFor({ name }), name).toEqual({});
    for (const city of ['\u200b', '\u200d\u0301']) expect(errorsFor({ city })).toEqual({ city: [quoteMessages.city] });
    expect(errorsFor({ city: 'X' })).toEqual({});
  });

  it('keeps zero-width joiners, so emoji and scripts that need them survive', () => {
    const family = '👩\u200d👩\u200d👧';
    const parsed = quoteRequestSchema.parse({ ...valid, name: `Ana ${family}`, message: `Thanks ${family}` });
    expect(parsed.name).toBe(`Ana ${family}`);
    expect(parsed.message).toBe(`Thanks ${family}`);
  });

  it('gives the same result without compiled validators (the browser is jitless)', () => {
    const input = { ...valid, name: `  ${esc}Jane\u0000 `, message: 'a\r\nb' };
    const compiled = quoteRequestSchema.parse(input);
    expect(quoteRequestSchema.parse(input, { jitless: true })).toEqual(compiled);
    expect(compiled).toMatchObject({ name: 'Jane', message: 'a\nb' });
  });

  it('exports the helpers the schema uses', () => {
    expect(stripControlCharacters('a\tb\r\nc\u0085')).toBe('a b c');
    expect(stripControlCharacters('a\tb\r\nc\u0085', { multiline: true })).toBe('a b\nc');
    expect(countVisibleCharacters('  \u200bé, 1€ ')).toBe(4);
  });
});

describe('uploadRequestSchema', () => {
  it('accepts no type or one of the six photo types, in any case', () => {
    expect(photoContentTypes).toHaveLength(6);
    for (const type of photoContentTypes)
      expect(uploadRequestSchema.parse({ contentType: type.toUpperCase() })).toEqual({ contentType: type });
    expect(uploadRequestSchema.parse({})).toEqual({});
    expect(uploadRequestSchema.parse({ contentType: ' Image/PNG ' })).toEqual({ contentType: 'image/png' });
    const refused = uploadRequestSchema.safeParse({ contentType: 'text/html' });
    expect(refused.error?.issues[0]?.message).toBe(photoMessages.type);
    expect(maxPhotoBytes).toBe(15 * 1024 * 1024);
  });
});

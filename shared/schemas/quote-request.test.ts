import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  budgetRanges,
  maxPhotoBytes,
  photoContentTypes,
  photoMessages,
  projectTypes,
  quoteLimits,
  quoteMessages,
  quoteRequestSchema,
  uploadRequestSchema,
} from './quote-request';

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

describe('quote request options', () => {
  it('offers the 19 project types in the specification order', () => {
    expect(projectTypes).toEqual([
      'Bathroom Remodeling',
      'Cabinets',
      'Ceramic Tile',
      'Deck',
      'Doors & Windows',
      'Drywall',
      'Fence',
      'Fireplace Mantel',
      'Framing',
      'Hardwood Flooring',
      'Interior Trim',
      'Kitchen Remodeling',
      'Painting',
      'Roofing',
      'Rotten Wood Replacement',
      'Siding',
      'Vinyl Plank Flooring',
      'Walk-in Shower',
      'Other',
    ]);
    expect(projectTypes).toHaveLength(19);
  });

  it('offers the 7 budget ranges in the specification order', () => {
    expect(budgetRanges).toEqual([
      'Under $5,000',
      '$5,000 - $10,000',
      '$10,000 - $25,000',
      '$25,000 - $50,000',
      '$50,000 - $100,000',
      '$100,000+',
      'Not sure yet',
    ]);
    expect(budgetRanges).toHaveLength(7);
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

describe('uploadRequestSchema', () => {
  it('accepts no type or one of the six photo types, in any case', () => {
    expect(photoContentTypes).toEqual([
      'image/jpeg',
      'image/png',
      'image/webp',
      'image/heic',
      'image/heif',
      'image/gif',
    ]);
    expect(uploadRequestSchema.parse({})).toEqual({});
    expect(uploadRequestSchema.parse({ contentType: ' Image/PNG ' })).toEqual({ contentType: 'image/png' });
    const refused = uploadRequestSchema.safeParse({ contentType: 'text/html' });
    expect(refused.error?.issues[0]?.message).toBe(photoMessages.type);
    expect(maxPhotoBytes).toBe(15 * 1024 * 1024);
  });
});

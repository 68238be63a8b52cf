// The form's choices, caps and messages without zod, so that the form served before its code
// loads (client/src/features/quote-form/plain/plain-quote-form.tsx) can list them at no cost.

/** Project types offered by the quote form, in the specification's order (19). */
export const projectTypes = [
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
] as const;

/** Budget ranges offered by the quote form, in the specification's order (7). */
export const budgetRanges = [
  'Under $5,000',
  '$5,000 - $10,000',
  '$10,000 - $25,000',
  '$25,000 - $50,000',
  '$50,000 - $100,000',
  '$100,000+',
  'Not sure yet',
] as const;

/** Length caps: generous for people, small enough that nobody stores a novel. */
export const quoteLimits = {
  name: 100,
  phone: 30,
  email: 254,
  city: 100,
  message: 5000,
  photoUrl: 2048,
} as const;

export const quoteMessages = {
  name: 'Name must be at least 2 characters',
  phone: 'Please enter a valid phone number',
  email: 'Please enter a valid email address',
  projectType: 'Please select a project type',
  city: 'Please enter your city',
  budgetRange: 'Please select a budget range',
} as const;

/** Photo types the upload accepts: one list for the picker's `accept` and the server's check, so they agree. */
export const photoContentTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
  'image/gif',
] as const;
export type PhotoContentType = (typeof photoContentTypes)[number];

/** Largest photo the upload accepts, in bytes (15 MB). */
export const maxPhotoBytes = 15 * 1024 * 1024;

export const photoMessages = {
  type: 'Please choose a JPEG, PNG, WebP, HEIC or GIF photo.',
  tooLarge: 'The photo is larger than 15 MB. Please choose a smaller one.',
  notFound: 'The attached photo could not be found. Please attach it again.',
} as const;

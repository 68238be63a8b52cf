import { z } from 'zod';
import {
  budgetRanges,
  photoContentTypes,
  photoMessages,
  projectTypes,
  quoteLimits,
  quoteMessages,
} from './quote-options';

// In the browser, zod would probe `new Function` to compile validators; the site's
// Content-Security-Policy forbids eval, and browsers report the probe as a violation even though
// zod catches it. The server keeps the compiled validators, which are several times faster.
if (typeof window !== 'undefined') z.config({ jitless: true });

export * from './quote-options';

const tooLong = (field: string, max: number) => `${field} must be at most ${max} characters`;

// C0 controls other than tab, LF and CR (handled per field below), DEL, C1 controls, and the
// bidirectional embeddings/overrides/isolates that make text display reversed (a spoofing trick).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const invisibleControls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const lineBreaks = /\r\n?|\u2028|\u2029/g;
const lineBreaksAndTabs = /[\t\n\r\u2028\u2029]+/g;
const visibleCharacter = /[\p{L}\p{N}\p{P}\p{S}]/gu;

/**
 * Removes the control characters a visitor cannot see (and so cannot remove) after pasting them.
 * `multiline`: line breaks become LF (CRLF, CR, U+2028/U+2029) and a tab becomes a space, since
 * its width depends on whoever reads it. Otherwise every run of tabs and line breaks is one space.
 * Other format characters (zero-width joiner...) stay: emoji and some scripts need them.
 */
export function stripControlCharacters(text: string, { multiline = false }: { multiline?: boolean } = {}): string {
  const stripped = text.replace(invisibleControls, '');
  return multiline
    ? stripped.replace(lineBreaks, '\n').replaceAll('\t', ' ')
    : stripped.replace(lineBreaksAndTabs, ' ');
}

/** Letters, digits, punctuation and symbols: not spaces, combining marks alone or format characters. */
export function countVisibleCharacters(text: string): number {
  return text.match(visibleCharacter)?.length ?? 0;
}

const singleLine = (text: string) => stripControlCharacters(text);
const multiline = (text: string) => stripControlCharacters(text, { multiline: true });

/**
 * The quote request, as the visitor fills it in and as the API accepts it: one definition for both.
 * The form validates with it through zodResolver; the server parses every request with it and adds
 * the checks only it can make (see server/services/quote-service.ts). Text is cleaned of control
 * characters and trimmed before any rule, so the length caps apply to what is stored.
 */
export const quoteRequestSchema = z.object({
  // A missing field (API callers) gets the same message as a too-short one. "At least 2
  // characters" counts visible ones, so two spaces or zero-width characters are not a name.
  name: z
    .string(quoteMessages.name)
    .overwrite(singleLine)
    .trim()
    .refine((name) => countVisibleCharacters(name) >= 2, quoteMessages.name)
    .max(quoteLimits.name, tooLong('Name', quoteLimits.name)),
  phone: z
    .string(quoteMessages.phone)
    .overwrite(singleLine)
    .trim()
    .min(10, quoteMessages.phone)
    .max(quoteLimits.phone, quoteMessages.phone),
  email: z
    .string(quoteMessages.email)
    .overwrite(singleLine)
    .trim()
    .max(quoteLimits.email, quoteMessages.email)
    .pipe(z.email(quoteMessages.email)),
  projectType: z.enum(projectTypes, quoteMessages.projectType),
  city: z
    .string(quoteMessages.city)
    .overwrite(singleLine)
    .trim()
    .refine((city) => countVisibleCharacters(city) >= 1, quoteMessages.city)
    .max(quoteLimits.city, tooLong('City', quoteLimits.city)),
  budgetRange: z.enum(budgetRanges, quoteMessages.budgetRange),
  message: z
    .string()
    .overwrite(multiline)
    .trim()
    .max(quoteLimits.message, tooLong('Message', quoteLimits.message))
    .optional()
    .transform((value) => (value ? value : undefined)),
  photoUrl: z.url().max(quoteLimits.photoUrl).optional(),
});

/** What the API stores (after parsing: trimmed, empty message dropped). */
export type QuoteRequest = z.output<typeof quoteRequestSchema>;
export type QuoteRequestField = keyof QuoteRequest;

/** The request's fields in the schema's order: the webhook's keys, the fingerprint of a retry, the stored row. */
export const quoteRequestFields = quoteRequestSchema.keyof().options;

/**
 * A request as stored and read back (server/db/schema.ts quote_requests): every field as text, an
 * optional one null when it was left out.
 */
export type StoredQuoteFields = {
  [Field in QuoteRequestField]-?: undefined extends QuoteRequest[Field] ? string | null : string;
};

/** Just the request's fields of `quote` (a parsed request or a stored row), in the schema's order. */
export function storedQuoteFields(quote: { [Field in QuoteRequestField]?: string | null }): StoredQuoteFields {
  return Object.fromEntries(quoteRequestFields.map((field) => [field, quote[field] ?? null])) as StoredQuoteFields;
}

/**
 * Optional body of POST /api/objects/upload. Naming the photo's type up front lets S3 sign it
 * into the upload URL; the spec's client sends an empty body, which works too.
 */
export const uploadRequestSchema = z.object({
  contentType: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
      z.enum(photoContentTypes, photoMessages.type),
    )
    .optional(),
});

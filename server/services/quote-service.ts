import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { photoMessages, quoteRequestSchema } from '@shared/schemas/quote-request';
import type { DatabaseHandle } from '../db/client';
import { quoteRequests } from '../db/schema';
import { HttpError } from '../http/errors';
import { isPlainObject } from '../http/json-body';
import type { PhotoStorage } from './storage/types';

export const invalidQuoteMessage = 'Please check the highlighted fields.';

/** The shared schema plus what only the server checks: Postgres cannot store NUL characters. */
const serverQuoteSchema = quoteRequestSchema.superRefine((quote, ctx) => {
  for (const [field, value] of Object.entries(quote)) {
    if (typeof value === 'string' && value.includes('\u0000')) {
      ctx.addIssue({ code: 'custom', path: [field], message: 'Please remove unsupported characters.' });
    }
  }
});

export interface QuoteService {
  /**
   * Validates and stores one quote request; throws HttpError 400 with `fieldErrors` when refused.
   * `origin` gives the site's origin as the browser addressed it; asked only when a photo is attached.
   */
  submit(body: unknown, context: { origin: () => string }): Promise<{ id: string }>;
}

export function createQuoteService(database: DatabaseHandle, storage: PhotoStorage): QuoteService {
  // Built and named once: each submission only binds its values (Postgres parses it once per connection).
  const insertQuote = database.db
    .insert(quoteRequests)
    .values({
      name: sql.placeholder('name'),
      phone: sql.placeholder('phone'),
      email: sql.placeholder('email'),
      projectType: sql.placeholder('projectType'),
      city: sql.placeholder('city'),
      budgetRange: sql.placeholder('budgetRange'),
      photoUrl: sql.placeholder('photoUrl'),
      message: sql.placeholder('message'),
    })
    .returning({ id: quoteRequests.id })
    .prepare('insert_quote_request');

  return {
    async submit(body, context) {
      if (!isPlainObject(body)) throw new HttpError(400, 'The request body must be a JSON object.');
      const parsed = serverQuoteSchema.safeParse(body);
      if (!parsed.success) throw refused(z.flattenError(parsed.error).fieldErrors);
      const quote = parsed.data;
      if (quote.photoUrl && !(await storage.isOwnPhotoUrl(quote.photoUrl, { origin: context.origin() }))) {
        throw refused({ photoUrl: [photoMessages.notFound] });
      }
      const [row] = await insertQuote.execute({
        name: quote.name,
        phone: quote.phone,
        email: quote.email,
        projectType: quote.projectType,
        city: quote.city,
        budgetRange: quote.budgetRange,
        photoUrl: quote.photoUrl ?? null,
        message: quote.message ?? null,
      });
      if (!row) throw new Error('The insert returned no row');
      return { id: row.id };
    },
  };
}

function refused(fieldErrors: Record<string, string[] | undefined>) {
  return new HttpError(400, invalidQuoteMessage, { fieldErrors });
}

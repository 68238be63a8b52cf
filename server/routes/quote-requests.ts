import type { RequestHandler, Router } from 'express';
import { HttpError } from '../http/errors';
import { jsonBody } from '../http/json-body';
import type { SiteOrigins } from '../http/site-origins';
import type { QuoteService } from '../services/quote-service';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /api/quote-requests: JSON up to 16 KB -> 201 { id } (spec 7, issue 5). An
 * `Idempotency-Key` header (a UUID) makes retries safe: the same key within 24 hours answers
 * with the same 201 and id and stores nothing more (issue 11).
 */
export function quoteRequestRoutes(
  router: Router,
  quotes: QuoteService,
  limit: RequestHandler,
  origins: SiteOrigins,
): void {
  router.post('/quote-requests', limit, jsonBody({ limitBytes: 16 * 1024 }), async (req, res) => {
    const { id, replayed } = await quotes.submit(req.body, {
      idempotencyKey: idempotencyKeyOf(req.get('idempotency-key')),
      origins: origins.all,
    });
    if (replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.status(201).json({ id });
  });
}

function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = header.trim().toLowerCase();
  if (!uuid.test(key)) throw new HttpError(400, 'The Idempotency-Key header must be a UUID.');
  return key;
}

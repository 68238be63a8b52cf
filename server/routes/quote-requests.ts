import type { Request, RequestHandler, Router } from 'express';
import { z } from 'zod';
import { leadSourceHeader, leadSourceLimits } from '@shared/lead-source';
import { spamSignals } from '@shared/schemas/spam-signals';
import { HttpError } from '../services/errors';
import { jsonBody } from '../http/json-body';
import type { SiteOrigins } from '../http/site-origins';
import type { QuoteService } from '../services/quote-service';

// The caller picks the key: any 8-4-4-4-12 hex key is taken, as before (z.uuid() would also
// refuse one whose version and variant digits are not RFC 9562's).
const idempotencyKeySchema = z.guid();

/**
 * POST /api/quote-requests: JSON up to 16 KB -> 201 { id, visitUrl } (16 KB holds every field at its longest). An
 * `Idempotency-Key` header (a UUID) makes retries safe: the same key within 24 hours answers
 * with the same 201 and id and stores nothing more, so a retry after a lost answer never files a request twice.
 */
export function quoteRequestRoutes(
  router: Router,
  quotes: QuoteService,
  limit: RequestHandler,
  origins: SiteOrigins,
  /** `/visit/<token>`: the request's booking page, answered as `visitUrl` (server/services/visits). */
  visitPathFor?: (requestId: string) => Promise<string>,
): void {
  router.post('/quote-requests', limit, jsonBody({ limitBytes: 16 * 1024 }), async (req, res) => {
    const { id, replayed } = await quotes.submit(req.body, {
      idempotencyKey: idempotencyKeyOf(req.get('idempotency-key')),
      origins: origins.all,
      signals: formSignals(req),
      textConsent: textConsentOf(req.body),
      sentLeadSource: leadSourceOf(req.get(leadSourceHeader)),
      onLeadSourceRefused: (problems) => req.log?.warn({ problems }, 'lead source refused, request stored without it'),
    });
    if (replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.status(201).json(visitPathFor ? { id, visitUrl: await visitPathFor(id) } : { id });
  });
}

/**
 * Where the visitor came from, beside the body like the spam signals: the X-Lead-Source header,
 * URI-encoded JSON (headers carry ASCII only). A header too long or unreadable is refused
 * attribution, which the service drops without refusing the request.
 */
function leadSourceOf(header: string | undefined): unknown {
  if (!header) return undefined;
  if (header.length > leadSourceLimits.header) return 'too long';
  try {
    return JSON.parse(decodeURIComponent(header)) as unknown;
  } catch {
    return 'unreadable';
  }
}

function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = header.trim().toLowerCase();
  if (!idempotencyKeySchema.safeParse(key).success)
    throw new HttpError(400, 'The Idempotency-Key header must be a UUID.');
  return key;
}

/** Text me about my request, beside the body as the spam signals are: `true` (or the plain form's "true") only. */
export function textConsentOf(body: unknown): boolean {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).textConsent : undefined;
  return value === true || value === 'true';
}

/** The quote form's spam signals: headers beside the JSON body, or fields of the same name in it. */
function formSignals(req: Request) {
  const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
  const honeypot = req.get(spamSignals.honeypotHeader) ?? body[spamSignals.honeypotField];
  const fill = req.get(spamSignals.fillTimeHeader) ?? body[spamSignals.fillTimeField];
  // An empty value (a form post without JavaScript) says nothing, rather than "0 ms".
  const fillMs =
    typeof fill === 'number' || (typeof fill === 'string' && /^\d+(\.\d+)?$/.test(fill)) ? Number(fill) : NaN;
  return {
    honeypot: honeypot === undefined || honeypot === null ? undefined : String(honeypot),
    fillMs: Number.isFinite(fillMs) ? fillMs : undefined,
  };
}

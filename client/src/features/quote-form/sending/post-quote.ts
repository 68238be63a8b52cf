import { leadSourceHeader, leadSourceLimits } from '@shared/lead-source';
import type { QuoteRequest } from '@shared/schemas/quote-request';
import { ApiError, apiRequest } from '@/lib/api-client';
import { readLeadSource } from '@/lib/lead-source';

export const quoteRequestsPath = '/api/quote-requests';

/**
 * The JSON body of POST /api/quote-requests: optional keys are left out when empty, so the server
 * stores no empty message or photo address.
 */
export type QuotePayload = Omit<QuoteRequest, 'message' | 'photoUrl'> & {
  message?: string;
  photoUrl?: string;
  /** Text me about my request, ticked (read beside the request, never stored with it). */
  textConsent?: true;
};

export function quotePayload(values: QuoteRequest, photoUrl?: string): QuotePayload {
  const { name, phone, email, projectType, city, budgetRange, message } = values;
  return {
    name,
    phone,
    email,
    projectType,
    city,
    budgetRange,
    ...(message ? { message } : {}),
    ...(photoUrl ? { photoUrl } : {}),
  };
}

/** What the form tells the server beside the request itself, as headers (the body stays the request alone). */
export interface SubmitSignals {
  /** Ties retries of one request together, so an answer lost on the way does not store it twice. */
  idempotencyKey: string;
  /** Milliseconds between the form appearing and this submission (spam screening). */
  fillMs: number;
  /** The hidden field only bots fill in; sent only when not empty. */
  honeypot: string;
}

/**
 * Where the visitor came from, as this browser kept it (lib/lead-source.ts), read at the moment of
 * sending: the X-Lead-Source header, or none. The latest visit alone when both are too long for
 * the header (the server credits a request to it), nothing rather than a header the server refuses.
 */
export function leadSourceHeaders(): Record<string, string> {
  const leadSource = readLeadSource();
  if (!leadSource) return {};
  const candidates = leadSource.last ? [leadSource, { first: leadSource.last }] : [leadSource];
  for (const candidate of candidates) {
    const header = encodeURIComponent(JSON.stringify(candidate));
    if (header.length <= leadSourceLimits.header) return { [leadSourceHeader]: header };
  }
  return {};
}

/**
 * Sends one quote request. Any 2xx is success; anything else throws. Resolves with the request's
 * booking page (`visitUrl`, `/visit/<token>`) when the answer names one: an answer without it is
 * a success all the same.
 */
export async function postQuote(payload: QuotePayload, signals: SubmitSignals): Promise<string | undefined> {
  const response = await apiRequest('POST', quoteRequestsPath, payload, {
    ...leadSourceHeaders(),
    'Idempotency-Key': signals.idempotencyKey,
    'X-Form-Fill-Ms': String(Math.round(signals.fillMs)),
    ...(signals.honeypot ? { 'X-Form-Honeypot': signals.honeypot.slice(0, 200) } : {}),
  });
  return visitUrlOf(await response.json().catch(() => null));
}

/** A booking page path of this site, or nothing. */
export function visitUrlOf(body: unknown): string | undefined {
  const url = (body as { visitUrl?: unknown } | null)?.visitUrl;
  return typeof url === 'string' && /^\/visit\/[A-Za-z0-9_-]+$/.test(url) ? url : undefined;
}

/**
 * Failures worth sending the same request again for, later: no answer at all (offline, a dropped
 * connection: fetch rejects), a server that is busy or away (503, and 502/504 from a proxy in
 * front of it), or too many requests (429). A refusal of the request itself (400, 422) is not.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof ApiError) return [429, 502, 503, 504].includes(error.status);
  return error instanceof TypeError;
}

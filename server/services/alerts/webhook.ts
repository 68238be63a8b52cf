import { createHmac } from 'node:crypto';
import { storedQuoteFields, type StoredQuoteFields } from '@shared/schemas/quote-request';
import type { QuoteForAlert } from './types';

const webhookEvent = 'quote_request.created';
const webhookUserAgent = 'RimCountryCarpentry-Alerts/1';
/** Lowercase hex HMAC-SHA256 of the raw body under ALERT_WEBHOOK_SECRET (no `sha256=` prefix). */
const signatureHeader = 'X-Signature-SHA256';

/** The JSON the webhook receives: the event, the id, the time, then the request's fields in the schema's order. */
export type WebhookPayload = {
  event: typeof webhookEvent;
  id: string;
  /** ISO 8601, UTC. */
  receivedAt: string;
} & StoredQuoteFields;

/**
 * The request body, as a string: the caller stores or signs exactly these bytes (UTF-8).
 * `photoLink` replaces the stored photoUrl when the stored one is not openable (a presigned S3 GET).
 */
export function webhookBody(quote: QuoteForAlert, photoLink?: string): string {
  const payload: WebhookPayload = {
    event: webhookEvent,
    id: quote.id,
    receivedAt: quote.receivedAt.toISOString(),
    ...storedQuoteFields(quote),
    photoUrl: photoLink ?? quote.photoUrl,
  };
  return JSON.stringify(payload);
}

export function signWebhook(secret: string, body: string | Uint8Array): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * POSTs `body` to `url`; resolves on a 2xx answer, throws a short Error otherwise (the worker
 * stores its message and retries). Without a `secret` the X-Signature-SHA256 header is left out.
 * `deliveryId` goes in X-Delivery-Id and stays the same across retries, so the receiver can drop
 * a duplicate.
 */
export async function sendWebhook(options: {
  url: string;
  secret?: string;
  body: string;
  deliveryId: string;
  timeoutMs?: number;
}): Promise<void> {
  const { url, secret, body, deliveryId, timeoutMs = 10_000 } = options;
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': webhookUserAgent,
    'X-Delivery-Id': deliveryId,
  };
  if (secret) headers[signatureHeader] = signWebhook(secret, body);

  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      // A redirect would re-send the body (and signature) somewhere else; treat it as a failure.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new Error(unreachableMessage(error, timeoutMs), { cause: error });
  }
  // Nothing in the answer is needed; dropping it frees the connection.
  await response.body?.cancel().catch(() => {});
  if (response.status < 200 || response.status > 299) throw new Error(`Webhook answered ${response.status}`);
}

function unreachableMessage(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `Webhook timed out after ${timeoutMs} ms`;
  }
  // undici reports network failures as TypeError('fetch failed') with the system error as cause.
  const cause = error instanceof Error ? error.cause : undefined;
  const code = errorCode(cause) ?? errorCode(error);
  if (code) return `Webhook unreachable: ${code}`;
  const message = cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error);
  return `Webhook unreachable: ${message.split('\n')[0]!.slice(0, 120)}`;
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code } = error as { code?: unknown };
  return typeof code === 'string' ? code : undefined;
}

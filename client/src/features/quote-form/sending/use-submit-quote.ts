import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { postQuote, type QuotePayload, type SubmitSignals } from './post-quote';

export { quotePayload, quoteRequestsPath, type QuotePayload, type SubmitSignals } from './post-quote';

/**
 * Sends a quote request. Any 2xx is success and its body is not read; retries are off (query-client).
 * networkMode 'always': offline, React Query would hold the mutation paused (the button stuck on
 * 'Submitting...'); instead it fails at once and the form keeps the request to send later.
 */
export function useSubmitQuote() {
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ payload, signals }: { payload: QuotePayload; signals: SubmitSignals }) =>
      postQuote(payload, signals),
  });
}

/**
 * What tells a person from a bot, kept outside React's render: when the form appeared, and the
 * hidden field (set through `honeypotRef`). `read()` gives the signals at the moment of sending.
 * `filledBeforeMs`: time already spent on this request before this form appeared (a restored
 * draft, or typing in the page's plain form before this one took over).
 */
export function formSignals(filledBeforeMs = 0) {
  let shownAt = performance.now() - Math.max(0, filledBeforeMs);
  let honeypot: HTMLInputElement | null = null;
  return {
    /** Filling in began earlier (at `time`, on the page's clock) than the form appeared. */
    filledSince: (time: number) => {
      shownAt = Math.min(shownAt, time);
    },
    honeypotRef: (input: HTMLInputElement | null) => {
      honeypot = input;
    },
    read: () => ({ fillMs: performance.now() - shownAt, honeypot: honeypot?.value ?? '' }),
  };
}

/**
 * One Idempotency-Key per request: the same content sent again (the visitor retrying after an
 * error) reuses its key, so the server stores it once even if the first attempt did arrive;
 * changed content, or a request after a success, gets a fresh key.
 */
export function idempotencyKeys() {
  let current: { key: string; content: string } | undefined;
  return {
    keyFor(payload: QuotePayload): string {
      const content = JSON.stringify(payload);
      if (current?.content !== content) current = { key: randomUuid(), content };
      return current.key;
    },
    /** The request was stored: the next one is a new request. */
    done() {
      current = undefined;
    },
  };
}

/** crypto.randomUUID exists only on secure pages (https, localhost); the site may be tried over plain http. */
function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The field messages of a 400 answer (`{ error, fieldErrors }`), first message per field.
 * Anything else (other statuses, unreadable bodies) gives an empty object.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(error.body);
  } catch {
    return {};
  }
  const fieldErrors = (parsed as { fieldErrors?: unknown } | null)?.fieldErrors;
  if (!fieldErrors || typeof fieldErrors !== 'object') return {};
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const message = Array.isArray(messages) ? messages.find((m) => typeof m === 'string') : messages;
    if (typeof message === 'string' && message) result[field] = message;
  }
  return result;
}

import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/use-toast';
import { isRetryable, postQuote } from './post-quote';
import { documentBusiness } from '@/lib/site-content';
import { quoteFailureToast, quoteToasts } from './quote-toasts';
import { clearDraft, clearPending, readPending, saveSent, type PendingQuote } from './saved-quote';

/**
 * Sends the quote request that waits on this device (saved-quote.ts) once the connection allows:
 * now, when the browser says it is online again, and on a timer that waits longer after each
 * failure. It always goes with the Idempotency-Key it was first sent with, so however many
 * attempts reach the server (this tab, another tab, a page visit later), it is stored once.
 */
export type PendingEvent =
  | { type: 'sent'; pending: PendingQuote; visitUrl?: string }
  | { type: 'refused'; pending: PendingQuote; error: unknown };

const listeners = new Set<(event: PendingEvent) => void>();
let timer: ReturnType<typeof setTimeout> | undefined;
let failures = 0;
let inFlight: Promise<void> | undefined;
let listening = false;

/** First wait after a failed attempt; each further one doubles, up to the longest. */
export const retryDelays = { firstMs: 5_000, longestMs: 5 * 60_000 } as const;

/** The form listens while it is shown, to show the confirmation or the server's messages. */
export function onPendingQuote(listener: (event: PendingEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A page found a waiting request: send it now, and keep trying. */
export function resumePendingQuote(): void {
  listen();
  void sendPendingNow();
}

/**
 * The form just saved a request it could not send: try again later (it already tried now), not
 * before the server said it would take it again.
 */
export function retryPendingLater(error?: unknown): void {
  listen();
  failures = Math.max(failures, 1);
  schedule(retryAfterMs(error));
}

/** Stops retrying (tests; a request that was taken back). */
export function stopPendingQuote(): void {
  clearTimeout(timer);
  timer = undefined;
  failures = 0;
}

function sendPendingNow(): Promise<void> {
  inFlight ??= attempt().finally(() => (inFlight = undefined));
  return inFlight;
}

async function attempt(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  const pending = readPending();
  if (!pending) return;
  let visitUrl: string | undefined;
  try {
    visitUrl = await postQuote(pending.payload, pending.signals);
  } catch (error) {
    if (isRetryable(error)) {
      failures += 1;
      schedule(retryAfterMs(error));
      return;
    }
    // Refused for its content (e.g. its photo is gone after a week): the draft still holds it.
    clearPending(pending.signals.idempotencyKey);
    failures = 0;
    toast(quoteFailureToast(documentBusiness().phoneDisplay));
    emit({ type: 'refused', pending, error });
    return;
  }
  failures = 0;
  clearPending(pending.signals.idempotencyKey);
  clearDraft();
  saveSent(pending.payload);
  toast(quoteToasts.success);
  emit({ type: 'sent', pending, visitUrl });
}

function emit(event: PendingEvent) {
  for (const listener of listeners) listener(event);
}

function schedule(atLeastMs = 0) {
  clearTimeout(timer);
  const backoff = Math.min(retryDelays.longestMs, retryDelays.firstMs * 2 ** Math.max(0, failures - 1));
  timer = setTimeout(() => void sendPendingNow(), Math.max(backoff, atLeastMs));
}

/**
 * How long a busy server (429, 503) asked to wait: its Retry-After, up to the longest wait, or
 * 30 s when it did not say. Other failures (offline, a gateway error) wait the backoff alone.
 */
function retryAfterMs(error: unknown): number {
  if (!(error instanceof ApiError) || (error.status !== 429 && error.status !== 503)) return 0;
  return Math.min(retryDelays.longestMs, error.retryAfterMs ?? 30_000);
}

function listen() {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('online', () => {
    failures = 0;
    void sendPendingNow();
  });
}

import { ApiError } from '@/lib/api-client';

/**
 * What the form says while a request waits on this device to be sent later, by why it could not
 * go now: the visitor's connection (fetch failed), a busy server (429), or a server that is
 * briefly away (503, or 502/504 from the proxy in front of it). When the form opens with a
 * request already waiting, the reason is no longer known. Each says it will be sent by itself.
 */
export const keptTexts = {
  offline:
    'No connection to our server right now. Your request is saved on this device and will be sent automatically as soon as the connection is back.',
  busy: 'Our server is busy right now. Your request is saved on this device and will be sent automatically as soon as it can take it.',
  down: 'Our system is briefly down. Your request is saved on this device and will be sent automatically as soon as it is back.',
  waiting: 'Your request is saved on this device and will be sent automatically as soon as our server can take it.',
} as const;

export type KeptReason = keyof typeof keptTexts;

/** Why a retryable failure (isRetryable in post-quote.ts) kept the request. */
export function keptReason(error: unknown): KeptReason {
  if (!(error instanceof ApiError)) return 'offline';
  return error.status === 429 ? 'busy' : 'down';
}

export const isKeptReason = (notice: string | null): notice is KeptReason => notice !== null && notice in keptTexts;

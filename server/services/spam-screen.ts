import type { QuoteRequest } from '@shared/schemas/quote-request';
import { minimumFillMs } from '@shared/schemas/spam-signals';

export type Screening = { spam: false } | { spam: true; reason: string };

/** What the form sent to tell a person from a bot (shared/schemas/spam-signals.ts); absent for API clients. */
export interface FormSignals {
  honeypot?: string;
  fillMs?: number;
}

const link = /https?:\/\/|www\.|\[url|<a\s/gi;
const domainLike = /\b[a-z0-9-]+\.(com|net|org|ru|cn|xyz|top|info|biz|online|site|shop|io)\b/i;
const maxLinksInMessage = 2;

/**
 * Cheap screening of a quote request for spam. A screened request is still stored, marked as
 * spam with the reason, so the owner can look; it only sends no e-mail and no webhook. Every rule
 * is one a person filling in the form never trips: autofill and fast typing take more than a
 * second, and nobody's name or town is a link.
 */
export function screenQuote(quote: QuoteRequest, signals: FormSignals): Screening {
  if (signals.honeypot?.trim()) return { spam: true, reason: 'the hidden field that only bots see was filled in' };
  const { fillMs } = signals;
  if (fillMs !== undefined && Number.isFinite(fillMs) && fillMs >= 0 && fillMs < minimumFillMs) {
    return { spam: true, reason: `sent ${(fillMs / 1000).toFixed(1)} s after the form appeared` };
  }
  for (const [field, label] of [
    ['name', 'name'],
    ['city', 'city'],
  ] as const) {
    const value = quote[field];
    if ((value.match(link)?.length ?? 0) > 0 || domainLike.test(value))
      return { spam: true, reason: `a link in the ${label}` };
  }
  const links = quote.message?.match(link)?.length ?? 0;
  if (links > maxLinksInMessage) return { spam: true, reason: `${links} links in the message` };
  return { spam: false };
}

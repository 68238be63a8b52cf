/**
 * Extra fields the quote form sends beside the spec's payload, to tell people from bots. Requests
 * without them (any plain API client) are screened by their content only.
 */
export const spamSignals = {
  /** A field hidden from people (and from autofill) that bots fill in. Must stay empty. */
  honeypot: 'website',
  /** Milliseconds between the form appearing and its submission. */
  fillTime: 'fillMs',
} as const;

/** Faster than any person can fill in the form, even with autofill (6 fields, 2 of them lists). */
export const minimumFillMs = 1000;

/**
 * What the quote form sends beside the spec's JSON body, as headers, to tell people from bots.
 * A plain form post (no JavaScript) carries the same as fields of the same names. Requests
 * without them (any plain API client) are screened by their content only.
 */
export const spamSignals = {
  /** A field hidden from people (and from autofill) that bots fill in. Must stay empty. */
  honeypotField: 'website',
  honeypotHeader: 'X-Form-Honeypot',
  /** Milliseconds between the form appearing and its submission. */
  fillTimeField: 'fillMs',
  fillTimeHeader: 'X-Form-Fill-Ms',
} as const;

/** Faster than any person can fill in the form, even with autofill (6 fields, 2 of them lists). */
export const minimumFillMs = 1000;

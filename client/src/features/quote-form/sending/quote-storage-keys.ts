/**
 * The localStorage keys the quote form keeps its data under (saved-quote.ts reads and writes
 * them). In a module of their own because the check that runs on every page
 * (pending-quote-check.ts) needs the pending key without loading the code that sends a request.
 */
export const quoteStorageKeys = {
  draft: 'rcc-quote-draft',
  pending: 'rcc-quote-pending',
  sent: 'rcc-quote-sent',
} as const;

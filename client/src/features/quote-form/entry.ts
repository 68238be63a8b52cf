/**
 * What the page's first script (app/islands/start.ts) may use of the quote form: a few bytes that
 * check for a request or a draft kept on this device, without the form's own code.
 */
export { cameWithAChoice, hasKeptQuote, resendPendingQuote } from './sending/pending-quote-check';

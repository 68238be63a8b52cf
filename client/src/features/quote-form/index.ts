/**
 * What pages may use of the quote form. The form a page renders is the plain one with its
 * take-over (plain/); the full form (enhanced/) and the code that sends a request kept on the
 * device (sending/send-pending-quote.ts) are loaded with import() when needed, so they stay out
 * of this file: a static re-export here would put them into the page's first load.
 *
 * The page's first script imports ./entry instead: this file leads to the form's own code, which
 * only the form's island loads.
 */
export { LazyQuoteForm } from './plain/lazy-quote-form';
export { PlainFormStateContext } from './plain/plain-quote-form';

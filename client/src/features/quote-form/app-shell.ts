/**
 * What the app shell (client/src/app) may use of the quote form: the check, on every page, for a
 * request kept on the device. Apart from index.ts because the shell is in every page's first
 * load: importing index.ts there would bring the form's own code into it.
 */
export { PendingQuoteResend } from './sending/pending-quote-check';

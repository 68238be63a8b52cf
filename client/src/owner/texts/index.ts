/** Texts with homeowners: a request's thread, the inbox's Texts of numbers with no request, and Text messages in Settings. */
export { RequestTexts } from './request-texts';
export { TextMessagesCard } from './text-messages-card';
export { NumberThreads } from './number-threads';

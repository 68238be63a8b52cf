/** The quote requests: the inbox, a request's page and what it records. */
export { InboxPage } from './inbox-page';
export { MarkAnsweredPage } from './mark-answered-page';
export { RequestPage } from './request-page';

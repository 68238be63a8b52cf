/**
 * The page-view beacon's constants, without zod: the entry every public page loads imports them
 * (client/src/lib/page-views.ts), the server's schema too (shared/schemas/visitors.ts).
 */
export const viewsPath = '/api/views';
/** The beacon's body is at most this many bytes (a path, a host and a few tags fit many times over). */
export const viewBodyLimit = 2048;
/** A reader of this many pages a minute is counted; views beyond it in the minute are not. */
export const viewsPerMinute = 30;

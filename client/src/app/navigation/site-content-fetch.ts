import type { SiteContent } from '@shared/content/site-content';

/**
 * The server's current version of the owner's content (GET /api/site-content, revalidated by its
 * ETag), fetched as the router starts, on the intent to follow a link to a page that shows it, and
 * by a click held while the router starts (start-router.ts: at the click, beside the router's
 * code); the click awaits it. A fetch stays good for ten seconds (the time a publish takes to reach
 * every server), so a click after a long hover does not wait for the network again. No React here:
 * the first page's small script uses it before the router is in.
 */
let pending: { at: number; promise: Promise<SiteContent> } | undefined;
const reuseMs = 10_000;
/** Longer than this, and the link is a full load instead. */
export const contentTimeoutMs = 3000;

export function fetchSiteContent(): Promise<SiteContent> {
  if (pending && performance.now() - pending.at < reuseMs) return pending.promise;
  const promise = fetch('/api/site-content', { credentials: 'same-origin' }).then(async (response) => {
    if (!response.ok) throw new Error(`site content: ${response.status}`);
    const { projects, reviews, business, hideSampleProjects, pictures } = (await response.json()) as SiteContent;
    return { projects, reviews, business, hideSampleProjects, pictures: pictures ?? {} };
  });
  pending = { at: performance.now(), promise };
  promise.catch(() => {
    if (pending?.promise === promise) pending = undefined;
  });
  return promise;
}

/** The content, or a rejection after `contentTimeoutMs`. */
export function siteContentInTime(): Promise<SiteContent> {
  return Promise.race([
    fetchSiteContent(),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('site content: too slow')), contentTimeoutMs)),
  ]);
}

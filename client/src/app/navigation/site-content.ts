import { useSyncExternalStore } from 'react';
import { emptySiteContent, type SiteContent } from '@shared/content/site-content';

/**
 * The owner's content for the pages the router renders: the server's current version, fetched
 * (GET /api/site-content, revalidated by its ETag) as the router starts and again on the intent to
 * follow a link to a page that shows it, and awaited by the click. A fetch stays good for ten
 * seconds (the time a publish takes to reach every server), so a click after a long hover does
 * not wait for the network again.
 */
let content: SiteContent = emptySiteContent;
/** Whether `content` is a version the server sent (until then, pages with owner content are full loads). */
let loaded = false;
let pending: { at: number; promise: Promise<SiteContent> } | undefined;
const listeners = new Set<() => void>();
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

/** Shows `next` (call inside the same flushSync as the navigation, so both change in one render). */
export function showSiteContent(next: SiteContent): void {
  loaded = true;
  if (next === content) return;
  content = next;
  for (const listener of listeners) listener();
}

/** True once a version of the server's content is in (see `loaded`). */
export function hasSiteContent(): boolean {
  return loaded;
}

export function useRouterSiteContent(): SiteContent {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => content,
  );
}

import { useSyncExternalStore } from 'react';
import { emptySiteContent, type SiteContent } from '@shared/content/site-content';

export { contentTimeoutMs, fetchSiteContent, siteContentInTime } from './site-content-fetch';

/**
 * The owner's content for the pages the router renders, as last shown: the server's version
 * (site-content-fetch.ts), put in by the navigation that renders with it.
 */
let content: SiteContent = emptySiteContent;
/** Whether `content` is a version the server sent (until then, pages with owner content are full loads). */
let loaded = false;
const listeners = new Set<() => void>();

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

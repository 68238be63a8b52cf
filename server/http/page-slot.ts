import type { CachedFile } from './cached-file';

/** A page of a content version as served. */
export interface Page {
  file: CachedFile;
  /** YYYY-MM-DD: when it last changed, for the sitemap. */
  lastmod: string;
  /** What of the content it shows, as JSON (ContentPage.shows). */
  showing: string;
}

/**
 * One page of a content version: ready (the build's, or the previous version's), or rendered once,
 * by whichever asks first: a visitor's request or the pass over every page (site-pages.ts). Both
 * wait for the same render; a failed one is tried again at the next ask.
 */
export interface PageSlot {
  showing: string;
  /** Set once the page is rendered and compressed: it is served from here without waiting. */
  ready?: Page;
  get(): Promise<Page>;
  /** What to serve if its render fails: the page shown before (stale, and logged as an error). */
  fallback?: CachedFile;
}

export function readySlot(page: Page): PageSlot {
  return { showing: page.showing, ready: page, get: () => Promise.resolve(page) };
}

export function lazySlot(showing: string, make: () => Promise<Page>, fallback?: CachedFile): PageSlot {
  let work: (() => Promise<Page>) | undefined = make;
  let running: Promise<Page> | undefined;
  const slot: PageSlot = {
    showing,
    fallback,
    get() {
      if (slot.ready) return Promise.resolve(slot.ready);
      running ??= work!().then(
        (page) => {
          slot.ready = page;
          // What it was made from (the content, the previous version's page) is not kept.
          work = undefined;
          slot.fallback = undefined;
          return page;
        },
        (error: unknown) => {
          running = undefined;
          throw error;
        },
      );
      return running;
    },
  };
  return slot;
}

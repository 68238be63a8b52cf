import { sitePageLink } from './links';

/**
 * On a touch screen there is no pointer over a link before the tap: a link to one of the site's
 * pages coming into view is the intent. Calls `onLinkInView` with the link's URL each time such a
 * link enters the viewport, for the links on the page now and those rendered later (a new page,
 * the part below the fold). Does nothing where a pointer can hover (there, pointing is the intent)
 * or without IntersectionObserver. Returns a function that stops watching.
 */
export function watchLinksInView(onLinkInView: (url: URL) => void): () => void {
  if (!matchMedia('(hover: none)').matches || typeof IntersectionObserver === 'undefined') return () => {};
  const watched = new WeakSet<Element>();
  const inView = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const url = entry.isIntersecting ? sitePageLink(entry.target, location.origin) : null;
      if (url) onLinkInView(url);
    }
  });
  const scan = () => {
    for (const link of document.querySelectorAll('a[href]')) {
      if (watched.has(link)) continue;
      watched.add(link);
      if (sitePageLink(link, location.origin)) inView.observe(link);
    }
  };
  scan();
  let queued = false;
  const added = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      scan();
    });
  });
  added.observe(document.body, { childList: true, subtree: true });
  return () => {
    added.disconnect();
    inView.disconnect();
  };
}

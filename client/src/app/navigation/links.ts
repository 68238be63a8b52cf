/**
 * Which clicks the app's router answers on the client (router.tsx); every other link is followed
 * by the browser as the plain link it is. Plain TypeScript without React: the page's entry uses
 * it too, to notice an intent to navigate.
 */

/**
 * Paths that are not pages of the public site: the owner's app (its own router), the API, files,
 * and the estimate-visit booking pages (`/visit/<token>`, rendered by the server).
 */
export function isSitePagePath(pathname: string): boolean {
  if (pathname === '/owner' || pathname.startsWith('/owner/')) return false;
  if (pathname.startsWith('/visit/')) return false;
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  // A file (sitemap.xml, an image, the web manifest): its last segment has an extension.
  return !/\.[a-z0-9]+$/i.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

/** The site's page a link points to (same origin, same tab, not a download), or null. */
export function sitePageLink(target: EventTarget | null, origin: string): URL | null {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href);
  if (url.origin !== origin || !isSitePagePath(url.pathname)) return null;
  return url;
}

type Click = Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'defaultPrevented'>;

/**
 * The URL the router should show for this click, or null: a modified click (new tab, new window,
 * download), one a component already answered (SiteLink's jump to a section of the same page), a
 * link off the site's pages, or a jump to a section of the page already shown, which the browser
 * does by itself.
 */
export function clientNavigationFor(event: Click & { target: EventTarget | null }, here: URL): URL | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const url = sitePageLink(event.target, here.origin);
  if (!url) return null;
  if (url.pathname === here.pathname && url.search === here.search && url.hash) return null;
  return url;
}

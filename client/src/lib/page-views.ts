import { touchFromUrls } from '@shared/lead-source';
import { viewsPath } from '@shared/views';

/*
 * Counts the pages a visitor is shown (issue 59): a beacon to POST /api/views with the path, and on
 * the first page the host of the site before and the landing address's campaign tags, read as the
 * lead sources read them. No cookie, nothing kept in the browser. Nothing is sent by a browser
 * asking not to be tracked (Do Not Track, Global Privacy Control). The owner's app never loads this
 * file, and the server leaves out a browser signed in as the owner.
 */

const landing = typeof location === 'undefined' ? undefined : { href: location.href, referrer: document.referrer };
let shownPath: string | undefined;

const notTracked = () => {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.globalPrivacyControl === true || nav.doNotTrack === '1' || typeof nav.sendBeacon !== 'function';
};

/** The first page, once it is interactive (the entry calls it), and each page the router shows after it. */
export function countPageView(path = location.pathname): void {
  if (path === shownPath || notTracked()) return;
  const view: Record<string, unknown> = { path };
  if (shownPath === undefined && landing) {
    const { at: _at, landingPage: _landingPage, ...tags } = touchFromUrls(landing.href, landing.referrer, 0);
    Object.assign(view, tags);
  }
  shownPath = path;
  try {
    navigator.sendBeacon(viewsPath, JSON.stringify(view));
  } catch {
    // A beacon the browser refused: this view is not counted.
  }
}

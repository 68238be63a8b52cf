import { mountToaster, startIslands } from './app/islands/start';
import { resendPendingQuote } from '@/features/quote-form/entry';
import { afterPageLoad } from '@/lib/after-page-load';
import { showVisitorDates } from '@/lib/visitor-dates';
import { startRouterWhenWanted } from './app/navigation/start-router';
import { listenForLeadSource, startLeadSource } from './lib/lead-source';
import { countPageView } from './lib/page-views';
import './styles.css';

/**
 * Every page arrives prerendered and complete: its links, phone and text links and the plain
 * quote form work without scripts. This script (a few KB, no React) only wakes the page's
 * interactive parts, each on its own and when needed (app/islands/start.ts), and once the page is
 * quiet (or a link is about to be followed) loads the app's router, which from then on changes
 * pages without a reload (app/navigation/start-router.ts).
 *
 * Taps on the call and text links are counted from the start (two listeners, lib/lead-source.ts):
 * most leads phone within a second of the page appearing. Where the visitor came from is recorded
 * in a quiet moment after the paint. A quote request kept on this device (sent while the
 * connection was down) is sent once the page has loaded and is idle, from any page. The footer's
 * year and the legal pages' date are the visitor's, not the build's (lib/visitor-dates.ts). The page
 * is counted (lib/page-views.ts, no cookie) once it has loaded and is idle: nothing before costs it.
 */
listenForLeadSource();
showVisitorDates();
startIslands();
startRouterWhenWanted();
void afterPageLoad().then(() => {
  countPageView();
  return resendPendingQuote(mountToaster);
});
if ('requestIdleCallback' in window) window.requestIdleCallback(startLeadSource, { timeout: 2000 });
else setTimeout(startLeadSource, 200);

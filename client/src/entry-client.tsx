import { hydrated, preloadModules } from './lib/after-page-load';
import { listenForLeadSource, startLeadSource } from './lib/lead-source';
import './styles.css';

/**
 * Every page arrives prerendered, complete and readable, so nothing here may hold up its first
 * paint. Once the browser has painted the page's content, this activates the page's list of
 * modules (a template of modulepreload links written by scripts/prerender.ts), so the app shell
 * and the page's own code download in parallel, and starts the app, which hydrates the page.
 *
 * Links work before that as plain links. A tap on a button (a gallery card, the menu, a question)
 * before React is running is remembered and replayed once the page is hydrated; once React is
 * running, it replays such taps itself.
 *
 * Taps on the call and text links are counted from the start (two listeners, lib/lead-source.ts);
 * where the visitor came from is recorded in a quiet moment after the paint.
 */
listenForLeadSource();

let earlyTap: HTMLButtonElement | null = null;
const rememberTap = (event: Event) => {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (button) earlyTap = button;
};
document.addEventListener('click', rememberTap, true);

function replayEarlyTap() {
  document.removeEventListener('click', rememberTap, true);
  const tap = earlyTap;
  if (tap) void hydrated.then(() => tap.isConnected && tap.click());
}

let started = false;
function start() {
  if (started) return;
  started = true;
  preloadModules('app');
  // Where the visitor came from (a few bytes of localStorage), in a quiet moment after the paint.
  if ('requestIdleCallback' in window) window.requestIdleCallback(startLeadSource, { timeout: 2000 });
  else setTimeout(startLeadSource, 200);
  // Once hydrate() resolves, React is listening to the page and sees every tap itself.
  void import('./app/hydrate').then((module) => module.hydrate().then(replayEarlyTap));
}

const firstContentfulPaint = 'first-contentful-paint';
if (performance.getEntriesByName(firstContentfulPaint).length > 0) {
  start();
} else {
  try {
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName(firstContentfulPaint).length === 0) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing in this browser: the timer below starts the app.
  }
  // Without paint timing, or in a tab opened in the background, start anyway.
  setTimeout(start, 1500);
}

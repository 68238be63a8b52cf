import { afterFirstScreenPaint, afterPageLoad, whenIdle } from '@/lib/after-page-load';
import { loadIslands } from '../islands/load-islands';
import { idleHydrationDelayMs } from '../islands/start';
import { clientNavigationFor, sitePageLink } from './links';
import { routeDataSource } from './route-data';
import { fetchRouterCodeFiles } from './router-code-fetch';
import { fetchSiteContent } from './site-content-fetch';

type RouterModule = typeof import('./router');

/** The build's list of the router's code files (vite.config.ts, routerCodeList): fetched, not run, once the page has loaded. */
export const routerCodePath = '/router-code.json';

let loading: Promise<RouterModule | undefined> | undefined;
/** The router's code is in the browser's cache: starting it is a matter of running it. */
let codeHere = false;

/**
 * The router's code (React, the pages, wouter): run in tasks of its own, none before the page is
 * quiet. The islands' code, which the router renders pages with, is asked for at the same time, so
 * that fetching one overlaps running the other.
 */
function loadRouter(): Promise<RouterModule | undefined> {
  void loadIslands().catch(() => undefined);
  loading ??= import('./router')
    .then(async (router) => {
      await router.startRouter();
      return router;
    })
    .catch(() => {
      // Offline, or a deploy replaced the chunks: links stay plain links; the next intent tries again.
      loading = undefined;
      return undefined;
    });
  return loading;
}

/**
 * Once the page has loaded and its largest picture has painted, its router's code is fetched into
 * the browser's cache, without running any of it (no long task before the idle moment): a click
 * that comes before the router runs then waits only for it to start, not for the network. The
 * fetching is done by a worker (prefetch-worker.ts), off the page's main thread; on the page
 * where there are no workers.
 */
function fetchRouterCode(): void {
  const here = (done: boolean) => {
    if (!done) return;
    codeHere = true;
    document.documentElement.dataset.routerCode = 'here';
  };
  // Offline or a development server (no list): a click before the router is in is a full load.
  const onPage = () => void fetchRouterCodeFiles(routerCodePath).then(here, () => undefined);
  if (typeof Worker === 'undefined') return onPage();
  let worker: Worker;
  try {
    worker = new Worker(new URL('./prefetch-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return onPage();
  }
  worker.onmessage = (event: MessageEvent<boolean>) => {
    worker.terminate();
    here(event.data);
  };
  worker.onerror = () => worker.terminate();
  worker.postMessage(routerCodePath);
}

const intentTypes = ['pointerover', 'pointerdown', 'touchstart', 'focusin'];

function onIntent(event: Event): void {
  if (!sitePageLink(event.target, location.origin)) return;
  void loadRouter().then(() => {
    if (document.documentElement.dataset.router !== 'ready') return;
    for (const type of intentTypes) document.removeEventListener(type, onIntent, { capture: true });
  });
}

/**
 * A click on one of the site's links before the router runs: with its code already here, the
 * click is held while the router starts, then changes the page on the client as any later click
 * does; without it, the browser follows the link (a full load).
 */
function onEarlyClick(event: MouseEvent): void {
  if (document.documentElement.dataset.router === 'ready') {
    document.removeEventListener('click', onEarlyClick);
    return;
  }
  if (!codeHere) return;
  const url = clientNavigationFor(event, new URL(location.href));
  if (!url) return;
  event.preventDefault();
  // The page's data travels while the router's code runs (the router awaits the same fetch).
  if (routeDataSource(url.pathname) === 'server') void fetchSiteContent().catch(() => undefined);
  void loadRouter().then((router) => {
    if (router) router.followLink(url);
    else location.assign(url.href);
  });
}

/**
 * The first page works without this: links are plain links. Once the page has loaded and its
 * largest picture has painted, the router's code is fetched (not run). Once the page has stayed
 * quiet as long as the islands' idle pass waits (so running the router adds nothing to the load),
 * or at the first intent to follow a link (a pointer over or down on it, focus on it), the app's
 * router starts and from then on answers clicks on the site's links on the client (router.tsx). A
 * link clicked before it is in is held while it starts when its code is here, else followed as a
 * plain link.
 */
export function startRouterWhenWanted(): void {
  for (const type of intentTypes) document.addEventListener(type, onIntent, { capture: true, passive: true });
  document.addEventListener('click', onEarlyClick);
  void afterFirstScreenPaint().then(fetchRouterCode);
  void afterPageLoad().then(() => setTimeout(() => void whenIdle().then(loadRouter), idleHydrationDelayMs));
}

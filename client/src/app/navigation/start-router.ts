import { afterPageLoad, whenIdle } from '@/lib/after-page-load';
import { idleHydrationDelayMs } from '../islands/start';
import { sitePageLink } from './links';

let loading: Promise<void> | undefined;

/** The router's code (React, the pages, wouter): run in tasks of its own, none before the page is quiet. */
function loadRouter(): Promise<void> {
  loading ??= import('./router')
    .then((router) => router.startRouter())
    .catch(() => {
      // Offline, or a deploy replaced the chunks: links stay plain links; the next intent tries again.
      loading = undefined;
    });
  return loading;
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
 * The first page works without this: links are plain links. Once the page has loaded and stayed
 * quiet as long as the islands' idle pass waits (so the router's code adds nothing to the load),
 * or at the first intent to follow a link (a pointer over or down on it, focus on it), the app's
 * router loads and from then on answers clicks on the site's links on the client (router.tsx). A
 * link clicked before it is in is followed as a plain link.
 */
export function startRouterWhenWanted(): void {
  for (const type of intentTypes) document.addEventListener(type, onIntent, { capture: true, passive: true });
  void afterPageLoad().then(() => setTimeout(() => void whenIdle().then(loadRouter), idleHydrationDelayMs));
}

import { useLayoutEffect } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { useLocation } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import type { IslandComponents } from '@/components/island';
import { afterNextPaint, renderFirstScreenFirst } from '@/components/below-the-fold';
import { IslandRenderingContext } from '@/components/island';
import { seoHeadTags } from '@/components/seo';
import { scrollToSection } from '@/components/ui/site-link';
import { notePageLeft } from '@/lib/came-from';
import { countPageView } from '@/lib/page-views';
import { nextTask } from '@/lib/next-task';
import { App } from '../app';
import { loadIslands } from '../islands/load-islands';
import { mountToaster, stopIslands } from '../islands/start';
import { clientNavigationFor, sitePageLink } from './links';
import { watchLinksInView } from './links-in-view';
import { routeDataSource } from './route-data';
import {
  fetchSiteContent,
  hasSiteContent,
  showSiteContent,
  siteContentInTime,
  useRouterSiteContent,
} from './site-content';

/*
 * The app's router in the browser (loaded by start-router.ts once the first page is quiet, or on
 * an intent to follow a link). The first page stays as the server sent it, islands and all, until
 * the first click on one of the site's links: then React renders the whole page (header, the new
 * page, footer) into #root from the route modules, and from there on only the page between header
 * and footer changes. Each navigation does what a page load did: the new page's title and meta
 * tags (react-helmet-async), the top of the page or its #section, the scroll position back where
 * it was on back and forward, focus on the new page's heading (screen readers read its name).
 */

interface NavState {
  navKey?: string;
}

/**
 * Where the visitor was on a page: the pixels scrolled, and the section in the middle of the
 * screen with the distance of its top from the top of the screen. On the first page the home
 * page's long sections are laid out only when they come near (`render-when-near`), at an
 * estimated height until then, so the pixels alone would land elsewhere once it is rendered again.
 */
interface Position {
  y: number;
  section?: { index: number; top: number };
}

let components: IslandComponents | undefined;
let root: Root | undefined;
/** Positions by history entry (the key kept in each entry's state). */
const positions = new Map<string, Position>();
let shownPath = location.pathname;
/** The key of the entry shown: its position is saved as the visitor leaves it. */
let shownKey: string | undefined;

const newKey = () => Math.random().toString(36).slice(2, 10);

/** This history entry's key, given to it if it has none yet (the first page, a jump to a #section). */
function currentKey(): string {
  const state = (history.state ?? {}) as NavState;
  if (state.navKey) return state.navKey;
  const navKey = newKey();
  history.replaceState({ ...state, navKey }, '');
  return navKey;
}

export async function startRouter(): Promise<void> {
  if (document.documentElement.dataset.router === 'ready') return;
  // Every island's code, so that a page rendered here never waits on the network (each in a task of its own).
  components = await loadIslands();
  await nextTask();
  document.addEventListener('click', onClick);
  window.addEventListener('popstate', onPopState);
  for (const type of ['pointerover', 'touchstart', 'focusin']) {
    document.addEventListener(type, onIntent, { capture: true, passive: true });
  }
  document.documentElement.dataset.router = 'ready';
  // The owner's content now, so that Back to a page showing it, after a first client navigation
  // to one that does not, renders it as the server would.
  void fetchSiteContent().then(showSiteContent, () => undefined);
  // On a touch screen, a link to such a page coming into view fetches it again (at most once in
  // the time a fetch stays good): the tap finds it fresh.
  watchLinksInView((url) => {
    if (routeDataSource(url.pathname) === 'server') void fetchSiteContent().catch(() => undefined);
  });
}

/** A pointer over, a touch on or focus on a link to a page with the owner's content: fetch it now. */
function onIntent(event: Event): void {
  const url = sitePageLink(event.target, location.origin);
  if (url && routeDataSource(url.pathname) === 'server') void fetchSiteContent().catch(() => undefined);
}

function onClick(event: MouseEvent): void {
  const url = clientNavigationFor(event, new URL(location.href));
  const source = url ? routeDataSource(url.pathname) : 'document';
  if (!url || source === 'document') return;
  event.preventDefault();
  followLink(url);
}

/**
 * Shows the page of a site link clicked (here, or held by start-router.ts while the router
 * started): on the client, with the owner's content where the page shows it, else a full load.
 */
export function followLink(url: URL): void {
  const source = routeDataSource(url.pathname);
  if (source === 'document') {
    location.assign(url.href);
    return;
  }
  const fullLoad = (error: unknown) => {
    // Whatever went wrong, the visitor gets the page: as a full load of its URL.
    console.error(error);
    location.assign(url.href);
  };
  if (source === 'bundled') {
    try {
      go(url);
    } catch (error) {
      fullLoad(error);
    }
    return;
  }
  // The server's version of the owner's content, as a direct load of the URL would show it.
  siteContentInTime()
    .then((content) => go(url, () => showSiteContent(content)), fullLoad)
    .catch(fullLoad);
}

function go(url: URL, withContent?: () => void): void {
  const href = url.pathname + url.search + url.hash;
  if (url.pathname !== location.pathname) notePageLeft(location.pathname);
  positions.set(currentKey(), positionNow());
  const state: NavState = { navKey: newKey() };
  shownKey = state.navKey;
  // To the top of a page: its first screen in this task, the rest once that is painted
  // (components/below-the-fold.tsx). A #section needs the whole page laid out to land on it.
  renderFirstScreenFirst(url.hash ? undefined : afterNextPaint());
  try {
    if (root) {
      flushSync(() => {
        withContent?.();
        navigate(href, { state });
      });
    } else {
      withContent?.();
      history.pushState(state, '', href);
      takeOver();
    }
  } finally {
    renderFirstScreenFirst(undefined);
  }
  shownPath = url.pathname;
  countPageView(url.pathname);
  if (url.hash) {
    scrollToSection(decodeURIComponent(url.hash.slice(1)));
  } else {
    window.scrollTo(0, 0);
    focusHeading();
  }
}

/**
 * The first client navigation: the first page's islands let go of it and React renders the whole
 * page from the route modules (the URL is already the new page's). The prerendered head tags are
 * removed: React puts the new page's in.
 */
function takeOver(): void {
  const container = document.getElementById('root');
  if (!container || !components) throw new Error('The router cannot render: no #root or no island code');
  stopIslands();
  history.scrollRestoration = 'manual';
  for (const tag of document.head.querySelectorAll(seoHeadTags)) tag.remove();
  root = createRoot(container);
  const rendering = { components };
  flushSync(() =>
    root!.render(
      <IslandRenderingContext value={rendering}>
        <RoutedApp />
        <Arrival />
      </IslandRenderingContext>,
    ),
  );
  void mountToaster().catch(() => undefined);
}

/** The app with the owner's content the router fetched last (site-content.ts). */
function RoutedApp() {
  return <App content={useRouterSiteContent()} />;
}

function sectionsOfPage(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('main section')];
}

function positionNow(): Position {
  const middle = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2)?.closest('section');
  const index = middle ? sectionsOfPage().indexOf(middle) : -1;
  return {
    y: window.scrollY,
    ...(middle && index >= 0 ? { section: { index, top: middle.getBoundingClientRect().top } } : {}),
  };
}

function restore(position: Position): void {
  window.scrollTo(0, position.y);
  const section = position.section && sectionsOfPage()[position.section.index];
  if (section) window.scrollBy(0, section.getBoundingClientRect().top - position.section!.top);
}

/** Back or forward: wouter renders the page of the URL; here the scroll goes where it was and the focus to the heading. */
function onPopState(event: PopStateEvent): void {
  if (!root) return; // Before the first client navigation only jumps to a #section share the document: the browser's.
  if (location.pathname !== shownPath && routeDataSource(location.pathname) === 'server' && !hasSiteContent()) {
    // A page with the owner's content and none of it here (the fetch failed): the server's page.
    location.reload();
    return;
  }
  // The page left is still on screen.
  if (shownKey) positions.set(shownKey, positionNow());
  shownKey = (event.state as NavState | null)?.navKey ?? currentKey();
  const saved = positions.get(shownKey);
  const pathChanged = location.pathname !== shownPath;
  shownPath = location.pathname;
  if (pathChanged) countPageView(shownPath);
  const arrive = () => {
    if (saved) restore(saved);
    else if (location.hash) scrollToSection(decodeURIComponent(location.hash.slice(1)));
    else if (pathChanged) window.scrollTo(0, 0);
    if (pathChanged) focusHeading();
  };
  // A new page: once React has put it in (wouter renders it on this popstate), before the paint.
  if (pathChanged) pendingArrival = arrive;
  else arrive();
  // Shown at once with the content it had; brought up to the server's version as soon as that is in.
  if (pathChanged && routeDataSource(location.pathname) === 'server') {
    void fetchSiteContent().then(showSiteContent, () => undefined);
  }
}

let pendingArrival: (() => void) | undefined;

/** Runs what a back or forward navigation waits for, as the page it returns to is in the DOM. */
function Arrival() {
  const [path] = useLocation();
  useLayoutEffect(() => {
    const arrive = pendingArrival;
    pendingArrival = undefined;
    arrive?.();
  }, [path]);
  return null;
}

/** Focus on the new page's heading: a screen reader reads the new page's name, and Tab goes on from there. */
function focusHeading(): void {
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.getElementById('main');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

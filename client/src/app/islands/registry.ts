import type { ComponentType } from 'react';
import type { IslandName, IslandProps } from '@/components/island';
import { cameWithAChoice, hasKeptQuote } from '@/features/quote-form/entry';
import { afterLoadIf, whenIdleOnScreen, type EarlyWake } from './wakes';

interface IslandEntry<P = never> {
  /**
   * The island's code: a dynamic import, so each island is a chunk of its own, fetched only when
   * it is needed (a static import here would put it into every page's first script). The server
   * renders with the same component (load-islands.ts).
   */
  load: () => Promise<ComponentType<P>>;
  /** Besides a touch, coming near the viewport and the page's idle pass (every island wakes on those). */
  wakesEarly?: EarlyWake;
  /** It may show a notification (a toast): the notification region is mounted with it. */
  toasts?: true;
}

/** One registry entry; `P`, the props of the component it loads, is taken from its loader. */
const island = <P extends object>(entry: IslandEntry<P>): IslandEntry<P> => entry;

/** Screens that show the full menu; narrower ones use the drawer (the desktop menu is hidden there). */
const wideScreen = '(min-width: 1280px)';

/**
 * Every island of the public pages, by the name a page gives <Island> (components/island.tsx).
 * Adding one is an entry here and the <Island> in the page: the name and the props it takes
 * follow from this list.
 */
export const islands = {
  'desktop-nav': island({
    load: () => import('@/components/layout/desktop-nav').then((m) => m.default),
    wakesEarly: whenIdleOnScreen(wideScreen),
  }),
  'mobile-menu': island({ load: () => import('@/components/layout/mobile-drawer').then((m) => m.MobileDrawer) }),
  share: island({ load: () => import('@/features/share').then((m) => m.ShareButton), toasts: true }),
  faq: island({ load: () => import('@/components/faq-accordion').then((m) => m.FaqAccordion) }),
  gallery: island({ load: () => import('@/features/gallery').then((m) => m.GalleryBrowser) }),
  'quote-form': island({
    load: () => import('@/features/quote-form').then((m) => m.LazyQuoteForm),
    // At once when the device holds a draft or a sent request to show, or the page the visitor
    // came from chose the project type or the town.
    wakesEarly: afterLoadIf(() => hasKeptQuote() || cameWithAChoice()),
    toasts: true,
  }),
};

type Islands = typeof islands;

/** Each island's props: those of the component its entry loads. */
type PropsByName = { [N in keyof Islands]: Islands[N] extends IslandEntry<infer P> ? P : never };

declare module '@/components/island' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the names and props come from PropsByName
  interface IslandRegistry extends PropsByName {}
}

export const isIslandName = (name: string | undefined): name is IslandName =>
  name !== undefined && Object.hasOwn(islands, name);

/** The island's component, typed by its name (the entries' loaders differ in type, so TypeScript needs the cast). */
export const loadIsland = <N extends IslandName>(name: N): Promise<ComponentType<IslandProps<N>>> =>
  (islands[name] as IslandEntry<unknown>).load() as Promise<ComponentType<IslandProps<N>>>;

/**
 * The props the server wrote into an island's marker for the browser. They are what the page
 * passed to <Island>, checked against this registry when it compiled; registry.test.tsx checks
 * that every prerendered page's props come back from JSON unchanged for their component.
 */
export const islandPropsIn = <N extends IslandName>(marker: HTMLElement, _name: N): IslandProps<N> =>
  JSON.parse(marker.dataset.islandProps ?? '{}') as IslandProps<N>;

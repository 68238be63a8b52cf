import type { ComponentType } from 'react';
import type { IslandName } from '@/components/island';

type Loader = () => Promise<ComponentType<never>>;

/**
 * Each island's code, by the name the server wrote into the page (components/island.tsx): one
 * chunk per island, fetched only when that island is needed. The component must be the one the
 * page rendered inside <Island>, so that it hydrates the same HTML.
 */
export const islandLoaders = {
  'desktop-nav': () => import('@/components/layout/desktop-nav').then((m) => m.default),
  'mobile-menu': () => import('@/components/layout/mobile-drawer').then((m) => m.MobileDrawer),
  share: () => import('@/features/share').then((m) => m.ShareButton),
  faq: () => import('@/components/faq-accordion').then((m) => m.FaqAccordion),
  gallery: () => import('@/features/gallery').then((m) => m.GalleryBrowser),
  'quote-form': () => import('@/features/quote-form').then((m) => m.LazyQuoteForm),
} satisfies Record<IslandName, Loader>;

/** Islands that may show a notification (a toast): the notification region is mounted with them. */
export const islandsWithToasts: ReadonlySet<IslandName> = new Set(['share', 'quote-form']);

/** Screens that show the full menu; narrower ones use the drawer (the desktop menu is hidden there). */
export const wideScreen = '(min-width: 1280px)';

export const isIslandName = (name: string | undefined): name is IslandName =>
  name !== undefined && Object.hasOwn(islandLoaders, name);

/**
 * The modules a page fetches ahead of need but runs only when needed, by name. For each one a
 * page's code may load, scripts/prerender.ts writes a `<template id="later-<name>">` of
 * `<link rel="modulepreload">` tags into the page; prefetchWhenIdle(name) or preloadModules(name)
 * (lib/after-page-load.ts) activates it. The prerender step stops the build when a path here is
 * not in the client build (a file renamed or moved), and a name not listed here is a type error
 * where it is used, so no module silently stops being preloaded.
 *
 * Paths are relative to the client's root (client/), as the build's manifest names them. Listed
 * in the order the prerender step checks them: a module may be loaded by one listed before it
 * (the quote form loads its schema).
 */
export const lazyModules = {
  /** The small-screen menu's drawer, fetched once the page is idle, run on the first tap. */
  'mobile-drawer-panel': 'src/components/layout/mobile-drawer-panel.tsx',
  /** The gallery's viewer, fetched once the page is idle, run on a tap on a card. */
  'gallery-dialog': 'src/features/gallery/gallery-dialog.tsx',
  /** The full quote form (and what it imports), fetched together as soon as the form is due. */
  'quote-form': 'src/features/quote-form/enhanced/quote-form.tsx',
  /** The quote form's schema (zod), fetched once the page is idle, run on the first send. */
  'quote-request': '../shared/schemas/quote-request.ts',
} as const;

export type LazyModuleName = keyof typeof lazyModules;

/**
 * The module the entry loads after the first paint; its template ('app') also holds the app shell
 * and the page's own chunks.
 */
export const appModulePath = 'src/app/hydrate.tsx';

/** The id of the template that holds a module's preload links. */
export function templateIdOf(name: LazyModuleName | 'app'): string {
  return name === 'app' ? 'app-modules' : `later-${name}`;
}

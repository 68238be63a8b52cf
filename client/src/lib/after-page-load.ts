import { templateIdOf, type LazyModuleName } from './lazy-modules';

let markHydrated: () => void = () => undefined;
/** Settles once React has taken over the page itself (see pageHydrated). */
export const hydrated = new Promise<void>((resolve) => {
  markHydrated = resolve;
});

/**
 * Called once React has taken over the page itself (app/routes.tsx). Marks the document
 * `<html data-hydrated>` for the benchmark and tests, and lets afterPageLoad() go ahead.
 */
export function pageHydrated(): void {
  document.documentElement.dataset.hydrated = 'true';
  markHydrated();
}

let idle: Promise<void> | undefined;

/**
 * Resolves once the page has loaded, React has hydrated it and the browser has a quiet moment
 * (or two seconds have passed): the time to fetch code the first screen does not need, without
 * competing with the code it does. Never resolves on the server.
 */
export function afterPageLoad(): Promise<void> {
  if (typeof window === 'undefined') return new Promise<void>(() => undefined);
  idle ??= Promise.all([
    new Promise<void>((resolve) => {
      if (document.readyState === 'complete') resolve();
      else window.addEventListener('load', () => resolve(), { once: true });
    }),
    hydrated,
  ]).then(
    () =>
      new Promise<void>((resolve) => {
        if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 2000 });
        else setTimeout(resolve, 200);
      }),
  );
  return idle;
}

/**
 * Activates the <link rel="modulepreload"> tags that scripts/prerender.ts put in the page's
 * template for `name` (lazy-modules.ts; 'app' for the app shell and the page's own code): the
 * browser fetches (and compiles) those modules without running them. Each template is used once;
 * a page without it (the dev server, a page whose code cannot load that module) has nothing to do.
 */
export function preloadModules(name: LazyModuleName | 'app'): void {
  const template = document.getElementById(templateIdOf(name));
  if (!(template instanceof HTMLTemplateElement)) return;
  template.remove();
  document.head.append(template.content.cloneNode(true));
}

/**
 * Fetches code ahead of need once the page is idle, without running it: running it would be one
 * more long task while the page loads, so that waits for the first tap that needs it.
 */
export function prefetchWhenIdle(name: LazyModuleName): void {
  void afterPageLoad().then(() => preloadModules(name));
}

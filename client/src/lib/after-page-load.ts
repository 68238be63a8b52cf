let idle: Promise<void> | undefined;

/**
 * Resolves once the page has loaded and the browser has a quiet moment (or two seconds have
 * passed): the time to fetch code the first screen does not need, without competing with what it
 * does need. Never resolves on the server.
 */
export function afterPageLoad(): Promise<void> {
  if (typeof window === 'undefined') return new Promise<void>(() => undefined);
  idle ??= new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  }).then(whenIdle);
  return idle;
}

/** Resolves at the browser's next quiet moment (at most two seconds from now). */
export function whenIdle(): Promise<void> {
  return new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 200);
  });
}

/**
 * Loads (and runs) code ahead of need once the page has loaded and is idle, so that the first tap
 * that needs it does not wait for the network. A failure is left to the tap that needs the code.
 */
export function loadWhenIdle(load: () => Promise<unknown>): void {
  void afterPageLoad().then(() => load().catch(() => undefined));
}

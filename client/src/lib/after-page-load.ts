let idle: Promise<void> | undefined;

/**
 * Resolves once the page has loaded and the browser has a quiet moment (or two seconds have
 * passed): the time to fetch code the first screen does not need, without competing with what it
 * does need. Never resolves on the server.
 */
export function afterPageLoad(): Promise<void> {
  if (typeof window === 'undefined') return new Promise<void>(() => undefined);
  idle ??= pageLoaded().then(whenIdle);
  return idle;
}

/** Resolves once the page's load event has fired (at once when it has). */
function pageLoaded(): Promise<void> {
  return new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
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

/** The longest the code fetched ahead waits for the first screen's picture to paint (a tab opened in the background paints nothing). */
export const firstScreenPaintWaitMs = 3000;

/**
 * Resolves once the page has loaded and the first screen's largest picture, if it shows one, has
 * painted (its Element Timing entry, `components/ui/picture.tsx`): a large photo is decoded and
 * painted a frame or more after the load event, and a request started before that paint is one
 * the page's largest paint is counted as waiting for (Lighthouse's simulation counts every request
 * begun before it). Without the API, or with no such picture on screen, the load is enough.
 */
export function afterFirstScreenPaint(): Promise<void> {
  if (typeof window === 'undefined') return new Promise<void>(() => undefined);
  return pageLoaded().then(() => {
    const inView = [...document.querySelectorAll<HTMLImageElement>('img[elementtiming="first-screen"]')].filter(
      (img) => img.naturalWidth > 0 && onScreen(img),
    );
    if (inView.length === 0 || !PerformanceObserver.supportedEntryTypes?.includes('element')) return;
    return new Promise<void>((resolve) => {
      const waiting = new Set<Element>(inView);
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          waiting.delete((entry as PerformanceEntry & { element: Element | null }).element!);
        if (waiting.size === 0) done();
      });
      const timer = setTimeout(done, firstScreenPaintWaitMs);
      function done() {
        observer.disconnect();
        clearTimeout(timer);
        resolve();
      }
      observer.observe({ type: 'element', buffered: true });
    });
  });
}

function onScreen(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth && box.width > 0;
}

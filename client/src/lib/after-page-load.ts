let idle: Promise<void> | undefined;

/**
 * Resolves once the page has loaded and the browser has a quiet moment (or two seconds have
 * passed): the time to fetch code the first screen does not need. Never resolves on the server.
 */
export function afterPageLoad(): Promise<void> {
  if (typeof window === 'undefined') return new Promise<void>(() => undefined);
  idle ??= new Promise<void>((resolve) => {
    const whenQuiet = () => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 2000 });
      else setTimeout(resolve, 200);
    };
    if (document.readyState === 'complete') whenQuiet();
    else window.addEventListener('load', whenQuiet, { once: true });
  });
  return idle;
}

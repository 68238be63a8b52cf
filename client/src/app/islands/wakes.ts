import { afterPageLoad, whenIdle } from '@/lib/after-page-load';

/**
 * A reason for an island to wake before anyone touches it, comes near it or the page's idle pass
 * reaches it (start.ts does those for every island): calls `wake` when it is due.
 */
export type EarlyWake = (wake: () => void) => void;

/** As soon as the page is idle on a screen matching `query`, or when the screen first changes to match it. */
export const whenIdleOnScreen =
  (query: string): EarlyWake =>
  (wake) => {
    const screen = window.matchMedia(query);
    if (screen.matches) void whenIdle().then(wake);
    else screen.addEventListener('change', () => screen.matches && wake(), { once: true });
  };

/** Once the page has loaded and is idle, if `due()` says so then. */
export const afterLoadIf =
  (due: () => boolean): EarlyWake =>
  (wake) =>
    void afterPageLoad().then(() => {
      if (due()) wake();
    });

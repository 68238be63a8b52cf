import { startTransition, useEffect, useState, type ReactNode } from 'react';

/*
 * The first screen first. A page the router renders on a click (navigation/router.tsx) must be on
 * screen within a frame or two, and on a slow phone React rendering a whole long page in that
 * click (the home page's 18 service cards, the quote form) and the browser laying it out take
 * longer than that. So the router renders such a click in two steps: what the visitor sees at the
 * top of the new page at once, in the click's own task, and what is below the fold in React's
 * background work right after that frame is painted, in small slices that never hold up a tap.
 *
 * What a page marks as <BelowTheFold> is that second step: on a client navigation to the top of a
 * page it is a placeholder of about its height until the first screen has been painted. Anywhere
 * else (the server's HTML, the first page's islands, back and forward, a link to a #section, which
 * need the whole page laid out to land where they should) it is its content, rendered at once.
 */

/** Set by the router for the render of one navigation: settles once that render has been painted. */
let firstScreenPainted: Promise<void> | undefined;

/**
 * The router's switch: the page rendered while `painted` is pending (and the header and footer, on
 * the navigation that first renders them) puts its below-the-fold parts off until it settles;
 * `undefined` renders everything at once again.
 */
export function renderFirstScreenFirst(painted: Promise<void> | undefined): void {
  firstScreenPainted = painted;
}

/** A promise that settles after the next frame has been painted (a task after its animation frame). */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

export function BelowTheFold({ children, estimate = '40rem' }: { children: ReactNode; estimate?: string }) {
  // Read once, as the part mounts: a part already on screen never goes back to its placeholder.
  const [painted] = useState(() => firstScreenPainted);
  const [shown, setShown] = useState(!painted);
  useEffect(() => {
    if (shown || !painted) return;
    let current = true;
    // A transition: rendered in slices between frames, and shown as soon as it is ready (a
    // Suspense boundary would hold finished content back for its reveal throttle, 300 ms).
    void painted.then(() => current && startTransition(() => setShown(true)));
    return () => {
      current = false;
    };
  }, [painted, shown]);
  return shown ? children : <div aria-hidden="true" data-below-the-fold="" style={{ minBlockSize: estimate }} />;
}

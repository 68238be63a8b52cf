import { lazy, memo } from 'react';
import { LoadBoundary } from '@/components/load-boundary';

/** Screens that show the full menu; narrower ones use the drawer. */
export const wideScreen = '(min-width: 1280px)';

/** Resolves when the screen is wide enough for the full menu: at once, or when the window grows. */
function whenWide(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  const query = window.matchMedia(wideScreen);
  if (query.matches) return Promise.resolve();
  return new Promise((resolve) => {
    const onChange = () => {
      if (!query.matches) return;
      query.removeEventListener('change', onChange);
      resolve();
    };
    query.addEventListener('change', onChange);
  });
}

const DesktopNav = lazy(() => whenWide().then(() => import('./desktop-nav')));
/** The path the page was prerendered for: the menu's prerendered HTML shows it as current. */
const hydrationPath = typeof window === 'undefined' ? undefined : window.location.pathname;

/**
 * The large-screen menu. Every page's HTML carries it (the server waits for it), but a phone,
 * where it is hidden, never downloads or hydrates its code: while the code is not there, React
 * keeps the prerendered HTML as it is. Memoized so that no parent update ever reaches the
 * not-yet-hydrated boundary.
 */
export const DesktopNavIsland = memo(function DesktopNavIsland() {
  return (
    <LoadBoundary>
      <DesktopNav hydrationPath={hydrationPath} />
    </LoadBoundary>
  );
});

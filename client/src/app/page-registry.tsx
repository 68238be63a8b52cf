import { lazy, useContext, type ComponentType } from 'react';
import { business, telHref } from '@shared/content/business';
import { LoadFailureBoundary } from '@/components/load-boundary';
import { RenderedModulesContext } from '@/lib/rendered-modules';

/**
 * Pages are loaded on demand, so a visitor downloads the code of the page they open and not of
 * all the others. On the server each rendered page notes its source file for a preload hint.
 *
 * When a page's code cannot be fetched (a dropped connection, or a tab left open across a deploy,
 * whose hashed files are gone), the page is loaded in full instead: its prerendered HTML works
 * without scripts. Only once per address and minute, so a server that keeps failing does not
 * make the tab reload forever; then the page says so, with the phone number.
 */
export function lazyPage(file: string, load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Page = lazy(() =>
    load().catch((error: unknown) => {
      if (loadInFull()) return new Promise<never>(() => undefined);
      throw error;
    }),
  );
  function RoutePage() {
    useContext(RenderedModulesContext)?.add(file);
    return (
      <LoadFailureBoundary fallback={<PageLoadFailure />}>
        <Page />
      </LoadFailureBoundary>
    );
  }
  RoutePage.displayName = `Page(${file})`;
  return RoutePage;
}

const retryKey = 'page-load-retry';
const retryWindowMs = 60_000;

/**
 * Loads the current address (the page being opened: the router has already moved to it) as a
 * whole new page, unless that was just tried. Returns whether it did.
 */
function loadInFull(now = Date.now()): boolean {
  if (typeof window === 'undefined') return false;
  const url = window.location.href;
  try {
    const last = JSON.parse(sessionStorage.getItem(retryKey) ?? 'null') as { url?: string; at?: number } | null;
    if (last?.url === url && typeof last.at === 'number' && now - last.at < retryWindowMs) return false;
    sessionStorage.setItem(retryKey, JSON.stringify({ url, at: now }));
  } catch {
    // Without session storage there is no guard against a reload loop: do not reload.
    return false;
  }
  // reload() rather than assign(url): assigning the current address with a #section only scrolls.
  window.location.reload();
  return true;
}

function PageLoadFailure() {
  return (
    <div role="alert" className="container-site py-16 text-center sm:py-24">
      <h1 className="text-3xl font-bold">This page could not be loaded</h1>
      <p className="mx-auto mt-4 max-w-md text-lg text-ink-soft">
        Please check your connection and{' '}
        <a href={typeof window === 'undefined' ? '/' : window.location.href} className="font-semibold underline">
          try again
        </a>
        , or call us at{' '}
        <a href={telHref} className="font-semibold whitespace-nowrap text-pine-900 underline">
          {business.phoneDisplay}
        </a>
        .
      </p>
    </div>
  );
}

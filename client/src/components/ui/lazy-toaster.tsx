import { lazy, startTransition, useEffect, useState } from 'react';
import { LoadBoundary } from '@/components/load-boundary';
import { afterPageLoad } from '@/lib/after-page-load';
import { useToast } from '@/lib/use-toast';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/**
 * The notification region, fetched once the page has loaded and is idle, so it costs nothing
 * on the way to the first screen; a toast shown before then loads it at once.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let mounted = true;
    // A transition: mounting it never holds up a tap or a frame.
    void afterPageLoad().then(() => mounted && startTransition(() => setLoaded(true)));
    return () => {
      mounted = false;
    };
  }, []);
  if (!loaded && toasts.length === 0) return null;
  return (
    <LoadBoundary>
      <Toaster />
    </LoadBoundary>
  );
}

import { lazy, useEffect, useRef, useState } from 'react';
import { business, telHref } from '@shared/content/business';
import { LoadBoundary } from '@/components/load-boundary';
import { afterPageLoad } from '@/lib/after-page-load';
import { useHydrated } from '@/lib/use-hydrated';
import { QuoteFormHeading, QuoteFormPlaceholder, type QuoteFormProps } from './quote-form-layout';

const loadQuoteForm = () => import('./quote-form');
const QuoteForm = lazy(() => loadQuoteForm().then((module) => ({ default: module.QuoteForm })));

/**
 * Starts fetching the form's code at once. A page whose first screen is the form calls it when its
 * own code loads, so the fetch runs alongside hydration. A failure is handled when the form renders.
 */
export function preloadQuoteForm(): void {
  if (typeof window !== 'undefined') loadQuoteForm().catch(() => {});
}

/**
 * The quote form, with its code (react-hook-form, zod, the upload) loaded only on pages that show
 * it. The prerendered HTML and the hydration pass render the placeholder (renderToString cannot
 * wait for a lazy component); the form replaces it at the same height.
 *
 * `loadWhen="near"` (a form far down the page) waits until the form is within a screen of the
 * viewport or the page has loaded and gone idle, so the first screen does not wait for it.
 */
export function LazyQuoteForm({ loadWhen = 'now', ...props }: QuoteFormProps & { loadWhen?: 'now' | 'near' }) {
  const inBrowser = useHydrated();
  const [near, setNear] = useState(loadWhen === 'now');
  const anchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (near) return;
    let waiting = true;
    const load = () => {
      if (waiting) setNear(true);
      waiting = false;
    };
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load(), {
      rootMargin: '100% 0px',
    });
    if (anchor.current) observer.observe(anchor.current);
    void afterPageLoad().then(load);
    return () => {
      waiting = false;
      observer.disconnect();
    };
  }, [near]);

  if (!inBrowser || !near) return <QuoteFormPlaceholder ref={anchor} {...props} />;
  return (
    <LoadBoundary loading={<QuoteFormPlaceholder {...props} />} failed={<LoadFailure {...props} />}>
      <QuoteForm {...props} />
    </LoadBoundary>
  );
}

/** If the form's code cannot be fetched (offline, a deploy in between), say so and offer the phone. */
function LoadFailure({ id, className, headingLevel, headingId, description }: QuoteFormProps) {
  return (
    <div id={id} className={className}>
      <QuoteFormHeading headingLevel={headingLevel} headingId={headingId} description={description} />
      <div role="alert" className="mt-6 rounded-xl bg-cream-100 p-5 text-ink-soft">
        <p className="font-semibold text-pine-900">The quote form could not be loaded.</p>
        <p className="mt-1">
          Please reload the page, or call or text us at{' '}
          <a href={telHref} className="font-semibold text-pine-900 underline underline-offset-4">
            {business.phoneDisplay}
          </a>
          .
        </p>
      </div>
    </div>
  );
}

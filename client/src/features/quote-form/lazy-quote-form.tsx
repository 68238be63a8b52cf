import { Component, Suspense, lazy, useSyncExternalStore, type ReactNode } from 'react';
import { business, telHref } from '@shared/content/business';
import { QuoteFormHeading, QuoteFormPlaceholder, type QuoteFormProps } from './quote-form-layout';

const loadQuoteForm = () => import('./quote-form');
const QuoteForm = lazy(() => loadQuoteForm().then((module) => ({ default: module.QuoteForm })));

// Only the pages that show the form import this file: start fetching the form's code right away,
// alongside hydration, rather than after it. A failure shows up (and is handled) when it renders.
if (typeof window !== 'undefined') loadQuoteForm().catch(() => {});

const subscribeToNothing = () => () => {};

/**
 * The quote form, with its code (react-hook-form, zod, the upload) loaded only on pages that show
 * it. The prerendered HTML and the hydration pass render the placeholder (renderToString cannot
 * wait for a lazy component); the form replaces it right after, at the same height.
 */
export function LazyQuoteForm(props: QuoteFormProps) {
  const inBrowser = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const placeholder = <QuoteFormPlaceholder {...props} />;
  if (!inBrowser) return placeholder;
  return (
    <LoadFailure {...props}>
      <Suspense fallback={placeholder}>
        <QuoteForm {...props} />
      </Suspense>
    </LoadFailure>
  );
}

/** If the form's code cannot be fetched (offline, a deploy in between), say so and offer the phone. */
class LoadFailure extends Component<QuoteFormProps & { children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const { id, className, headingLevel, headingId, description } = this.props;
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
}

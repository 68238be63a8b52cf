import { useEffect, useRef, useState, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { quoteFieldNames, plainPhotoFields } from '@shared/schemas/quote-form-post';
import { LoadFailureBoundary } from '@/components/load-boundary';
import { afterPageLoad } from '@/lib/after-page-load';
import { PlainQuoteForm } from './plain-quote-form';
import type { CarriedForm, QuoteForm as QuoteFormComponent } from './quote-form';
import type { QuoteFormProps } from './quote-form-layout';

const loadQuoteForm = () => import('./quote-form');

/**
 * Starts fetching the form's code at once. A page whose first screen is the form calls it when its
 * own code loads, so the fetch runs alongside hydration. A failure is handled when the form renders.
 */
export function preloadQuoteForm(): void {
  if (typeof window !== 'undefined') loadQuoteForm().catch(() => {});
}

/**
 * The quote form. The served HTML holds a plain form that works on its own (it posts to the
 * server: plain-quote-form.tsx); once the form's code (react-hook-form, zod, the upload, the
 * draft) has loaded, that form takes its place, with what was typed so far and the focus where
 * it was. If the code cannot be fetched, the plain form simply stays.
 *
 * `loadWhen="near"` (a form far down the page) waits until the form is within a screen of the
 * viewport or the page has loaded and gone idle, so the first screen does not wait for it.
 */
export function LazyQuoteForm({ loadWhen = 'now', ...props }: QuoteFormProps & { loadWhen?: 'now' | 'near' }) {
  const [near, setNear] = useState(loadWhen === 'now');
  const [loaded, setLoaded] = useState<{ Form: typeof QuoteFormComponent; carried: CarriedForm } | null>(null);
  const anchor = useRef<HTMLFormElement>(null);

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

  useEffect(() => {
    if (!near || loaded) return;
    let live = true;
    loadQuoteForm().then(
      (module) => {
        if (!live) return;
        // Read the plain form and swap in the same task, so no keystroke falls in between.
        flushSync(() => setLoaded({ Form: module.QuoteForm, carried: carryOver(anchor.current) }));
      },
      () => {
        // Not fetched (offline, a deploy in between): the plain form stays, and posts without scripts.
      },
    );
    return () => {
      live = false;
    };
  }, [near, loaded]);

  if (!loaded) return <PlainQuoteForm {...props} formRef={anchor} />;
  const Form: ComponentType<QuoteFormProps & { carried: CarriedForm }> = loaded.Form;
  return (
    <LoadFailureBoundary fallback={<PlainQuoteForm {...props} />}>
      <Form {...props} carried={loaded.carried} />
    </LoadFailureBoundary>
  );
}

/** What the plain form holds right now: the values typed, a photo chosen, and where the focus is. */
function carryOver(form: HTMLFormElement | null): CarriedForm {
  if (!form) return { values: {} };
  const data = new FormData(form);
  const values: CarriedForm['values'] = {};
  for (const name of quoteFieldNames) {
    const value = data.get(name);
    if (typeof value === 'string' && value) values[name] = value;
  }
  const photo = data.get(plainPhotoFields.file);
  const active = document.activeElement;
  let focus: CarriedForm['focus'];
  if (
    (active instanceof HTMLInputElement ||
      active instanceof HTMLTextAreaElement ||
      active instanceof HTMLSelectElement) &&
    form.contains(active) &&
    active.name
  ) {
    const caret = active instanceof HTMLSelectElement ? null : safeSelection(active);
    focus = { name: active.name, start: caret?.start ?? null, end: caret?.end ?? null };
  }
  return { values, ...(photo instanceof File && photo.size > 0 ? { file: photo } : {}), ...(focus ? { focus } : {}) };
}

function safeSelection(input: HTMLInputElement | HTMLTextAreaElement): { start: number | null; end: number | null } {
  try {
    return { start: input.selectionStart, end: input.selectionEnd };
  } catch {
    return { start: null, end: null };
  }
}

import { textConsentTicked } from '../fields/text-consent-field';
import { startTransition, useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { quoteFieldNames, plainPhotoFields } from '@shared/schemas/quote-form-post';
import { LoadFailureBoundary } from '@/components/load-boundary';
import { afterPageLoad } from '@/lib/after-page-load';
import { nextTask } from '@/lib/next-task';
import { PlainQuoteForm } from './plain-quote-form';
import { hasCaret, isFormField } from '../fields/quote-fields';
import type { QuoteForm as QuoteFormComponent } from '../enhanced/quote-form';
import type { CarriedForm, CarriedFormRef } from '../enhanced/use-take-over';
import type { QuoteFormProps } from '../fields/quote-form-layout';

let loading: Promise<typeof import('../enhanced/quote-form')> | undefined;

/** The form's code (the bundler fetches its chunks together). */
function loadQuoteForm(): Promise<typeof import('../enhanced/quote-form')> {
  if (!loading) {
    loading = import('../enhanced/quote-form');
    // A failed fetch may succeed on the next attempt (the connection is back).
    loading.catch(() => (loading = undefined));
  }
  return loading;
}

/**
 * The quote form. The served HTML holds a plain form that works on its own (it posts to the
 * server: plain-quote-form.tsx); once the form's code (react-hook-form, zod, the upload, the
 * draft) has loaded, that form takes its place, with what was typed so far and the focus where
 * it was. If the code cannot be fetched, the plain form simply stays.
 *
 * The take-over never blocks the page: the form's code is run in a task of its own, and the form
 * is rendered as a transition, in short slices, while the plain form stays in use. The plain form
 * is read at the moment React swaps the two (as its form element is detached, in the same
 * synchronous commit that puts the new form in), so a keystroke typed during the render is kept.
 *
 * `loadWhen="near"` (a form far down the page) waits until the form is within a screen of the
 * viewport or the page has loaded and gone idle, so the first screen does not wait for it.
 */
export function LazyQuoteForm({ loadWhen = 'now', ...props }: QuoteFormProps & { loadWhen?: 'now' | 'near' }) {
  const [near, setNear] = useState(loadWhen === 'now');
  const [loaded, setLoaded] = useState<{ Form: typeof QuoteFormComponent } | null>(null);
  const anchor = useRef<HTMLFormElement | null>(null);
  const carried: CarriedFormRef = useRef<CarriedForm | undefined>(undefined);
  // Called as the plain form leaves the page, while its fields and the focus are still in place.
  const plainForm = useCallback((form: HTMLFormElement | null) => {
    anchor.current = form;
    if (!form) return;
    return () => {
      carried.current = carryOver(form);
      anchor.current = null;
    };
  }, []);

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
      async (module) => {
        // The module was run in this task: the render waits for the next one.
        await nextTask();
        if (live) startTransition(() => setLoaded({ Form: module.QuoteForm }));
      },
      () => {
        // Not fetched (offline, a deploy in between): the plain form stays, and posts without scripts.
      },
    );
    return () => {
      live = false;
    };
  }, [near, loaded]);

  if (!loaded) return <PlainQuoteForm {...props} formRef={plainForm} />;
  const Form: ComponentType<QuoteFormProps & { carried: CarriedFormRef }> = loaded.Form;
  return (
    <LoadFailureBoundary fallback={<PlainQuoteForm {...props} />}>
      <Form {...props} carried={carried} />
    </LoadFailureBoundary>
  );
}

/** What the plain form holds right now: the values typed, a photo chosen, and where the focus is. */
function carryOver(form: HTMLFormElement): CarriedForm {
  const values: CarriedForm['values'] = {};
  for (const name of quoteFieldNames) {
    const field = form.elements.namedItem(name);
    if (isFormField(field) && field.value) values[name] = field.value;
  }
  const picker = form.elements.namedItem(plainPhotoFields.file);
  const photo = picker instanceof HTMLInputElement ? picker.files?.[0] : undefined;
  const active = form.ownerDocument.activeElement;
  let focus: CarriedForm['focus'];
  if (isFormField(active) && form.contains(active) && active.name) {
    const caret = hasCaret(active) ? { start: active.selectionStart, end: active.selectionEnd } : null;
    focus = { name: active.name, start: caret?.start ?? null, end: caret?.end ?? null };
  }
  const textConsent = textConsentTicked(form);
  return {
    values,
    ...(photo && photo.size > 0 ? { file: photo } : {}),
    ...(focus ? { focus } : {}),
    ...(textConsent ? { textConsent } : {}),
  };
}

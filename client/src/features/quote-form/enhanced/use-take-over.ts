import { useEffectEvent, useLayoutEffect, useRef, type RefObject } from 'react';
import { textConsentField } from '@shared/text-consent';
import { hasCaret, isFormField } from '../fields/quote-fields';
import type { formSignals } from '../sending/use-submit-quote';
import { isQuoteFieldName, type QuoteFormMethods, type QuoteFormValues } from './quote-form-values';

/** What the page's plain form held when this form took its place (plain/lazy-quote-form.tsx). */
export interface CarriedForm {
  values: Partial<QuoteFormValues>;
  /** The field that had the focus, and the caret in it. */
  focus?: { name: string; start: number | null; end: number | null };
  /** A photo chosen in the plain form's picker: uploaded as if chosen here. */
  file?: File;
  /** Text me about my request was ticked there. */
  textConsent?: boolean;
}

/** Filled in as the plain form leaves the page, just before this form's first layout effects run. */
export type CarriedFormRef = RefObject<CarriedForm | undefined>;

/**
 * Takes over from the plain form, once, as this form appears: what was typed there (on top of the
 * draft), the focus (and caret) where the visitor was, and a chosen photo. It runs in the commit
 * that swaps the forms, before the browser handles the next keystroke.
 */
export function useTakeOver(
  carried: CarriedFormRef | undefined,
  into: {
    formRef: RefObject<HTMLFormElement | null>;
    setValue: QuoteFormMethods['setValue'];
    spamSignals: ReturnType<typeof formSignals>;
    choosePhoto: (file: File) => void;
  },
) {
  const done = useRef(false);
  const takeOver = useEffectEvent(() => {
    const from = carried?.current;
    if (done.current || !from) return;
    done.current = true;
    const typed = Object.entries(from.values).filter(([, value]) => value);
    for (const [name, value] of typed) if (isQuoteFieldName(name)) into.setValue(name, value);
    // Typing in the plain form began after the page started loading.
    if (typed.length > 0) into.spamSignals.filledSince(0);
    if (from.file) into.choosePhoto(from.file);
    const box = into.formRef.current?.elements.namedItem(textConsentField);
    if (from.textConsent && box instanceof HTMLInputElement) box.checked = true;
    const focused = from.focus && into.formRef.current?.elements.namedItem(from.focus.name);
    if (isFormField(focused)) {
      focused.focus();
      if (hasCaret(focused) && from.focus?.start != null) {
        focused.setSelectionRange(from.focus.start, from.focus.end ?? from.focus.start);
      }
    }
  });
  useLayoutEffect(() => takeOver(), []);
}

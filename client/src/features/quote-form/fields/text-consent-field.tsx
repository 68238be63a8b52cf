import { textConsentField, textConsentLabel, textConsentTerms } from '@shared/text-consent';

/** Text me about my request: unticked, optional, with the carriers' line beside it (both forms). */
export function TextConsentField() {
  return (
    <div className="flex items-start gap-3 sm:col-span-2">
      <input
        id="quote-text-consent"
        type="checkbox"
        name={textConsentField}
        value="true"
        defaultChecked={false}
        aria-describedby="quote-text-consent-terms"
        className="mt-1 size-5 shrink-0 accent-pine-700"
      />
      <div>
        <label htmlFor="quote-text-consent" className="font-medium text-ink">
          {textConsentLabel}
        </label>
        <p id="quote-text-consent-terms" className="text-sm leading-6 text-ink-muted">
          {textConsentTerms}
        </p>
      </div>
    </div>
  );
}

/** Whether the form's checkbox is ticked as it is sent. */
export function textConsentTicked(form: HTMLFormElement | null): boolean {
  const box = form?.elements.namedItem(textConsentField);
  return box instanceof HTMLInputElement && box.checked;
}

import { createContext, useContext, useId, type Ref } from 'react';
import { leadSourceField, leadSourceFormAttribute } from '@shared/lead-source';
import {
  plainFormAction,
  plainFormAnchor,
  plainPhotoFields,
  type PlainFormState,
  type QuoteFieldName,
} from '@shared/schemas/quote-form-post';
import { Button } from '@/components/ui/button';
import { Honeypot, QuoteTextFields } from '../fields/quote-fields';
import { TextConsentField } from '../fields/text-consent-field';
import {
  FieldLabel,
  PhotoFieldFrame,
  QuoteFormHeading,
  SubmitRow,
  fieldHints,
  formGridClass,
  type QuoteFormProps,
} from '../fields/quote-form-layout';
import { FormNotice, QuoteConfirmation, noticeTexts } from '../fields/quote-notices';

/**
 * The state the server answers a form post with (server/routes/quote-form-post.ts renders the
 * contact page with it). Unset in the prerendered pages and in the browser.
 */
export const PlainFormStateContext = createContext<PlainFormState | undefined>(undefined);

const plainFormLabels = { submit: 'Request Free Quote', photo: 'Photo' } as const;

/**
 * The quote form as plain HTML: it is in the served page, so it works before the form's code has
 * loaded and without JavaScript at all, posting to the server, which answers with this page again
 * (the confirmation, or the fields with their messages). Once its code is in, the form of
 * enhanced/quote-form.tsx takes its place, with whatever was typed here (lazy-quote-form.tsx).
 */
export function PlainQuoteForm({
  headingLevel,
  headingId,
  description,
  id,
  className,
  formRef,
}: QuoteFormProps & { formRef?: Ref<HTMLFormElement> }) {
  const state = useContext(PlainFormStateContext) ?? {};
  const generatedId = useId();
  const titleId = headingId ?? `${generatedId}-title`;
  const values = state.values ?? {};
  const errors = state.fieldErrors ?? {};
  const field = (name: QuoteFieldName, label: string) => ({
    label,
    error: errors[name],
    registration: { name, defaultValue: values[name] ?? '' },
  });
  const refused = Object.keys(errors).length > 0;

  return (
    <div id={id} className={className}>
      <QuoteFormHeading headingLevel={headingLevel} headingId={titleId} description={description} />
      {state.sent ? <QuoteConfirmation sent={state.sent} /> : null}
      <form
        ref={formRef}
        method="post"
        action={`${plainFormAction}#${plainFormAnchor}`}
        encType="multipart/form-data"
        aria-labelledby={titleId}
        noValidate
        className={formGridClass}
        {...{ [leadSourceFormAttribute]: '' }}
      >
        <QuoteTextFields field={field} />
        <Honeypot />
        {/* Where the visitor came from: filled as the form is sent (lib/lead-source.ts); empty without scripts. */}
        <input type="hidden" name={leadSourceField} defaultValue="" />
        <PlainPhotoField keptPhotoUrl={state.photoUrl} error={errors.photo} />
        <TextConsentField />
        {state.notice ? <FormNotice kind="failed">{state.notice}</FormNotice> : null}
        {refused && !state.notice ? <FormNotice kind="failed">{noticeTexts.invalid}</FormNotice> : null}
        <SubmitRow
          button={
            <Button type="submit" size="lg" className="w-full sm:w-auto">
              {plainFormLabels.submit}
            </Button>
          }
        />
      </form>
    </div>
  );
}

/** A native file picker (it shows the chosen file's name without any script), or the photo kept from the last post. */
function PlainPhotoField({ keptPhotoUrl, error }: { keptPhotoUrl?: string; error?: string }) {
  const id = useId();
  const inputId = `${id}-photo`;
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  return (
    <PhotoFieldFrame
      label={
        <FieldLabel htmlFor={inputId} optional>
          {plainFormLabels.photo}
        </FieldLabel>
      }
      hintId={hintId}
      statusId={statusId}
      hint={fieldHints.plainPhoto}
      control={
        <>
          {keptPhotoUrl ? <input type="hidden" name={plainPhotoFields.url} value={keptPhotoUrl} /> : null}
          <input
            id={inputId}
            type="file"
            name={plainPhotoFields.file}
            accept="image/*"
            aria-describedby={`${hintId} ${statusId}`}
            aria-invalid={error ? true : undefined}
            className="block w-full max-w-md cursor-pointer text-base text-ink-soft file:mr-3 file:h-11 file:cursor-pointer file:rounded-lg file:border-2 file:border-solid file:border-pine-800 file:bg-transparent file:px-5 file:font-semibold file:text-pine-900 hover:file:bg-pine-800 hover:file:text-white"
          />
        </>
      }
      status={
        error ? (
          <p className="font-medium text-rim-700">{error}</p>
        ) : keptPhotoUrl ? (
          <p className="font-semibold text-pine-700">✓ Photo attached (choose another to replace it)</p>
        ) : null
      }
    />
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClientProvider } from '@tanstack/react-query';
import { LoaderCircle, RotateCcw } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { QuoteFieldName } from '@shared/schemas/quote-form-post';
import type { QuoteRequest } from '@shared/schemas/quote-request';
import { Button } from '@/components/ui/button';
import { loadWhenIdle } from '@/lib/after-page-load';
import { sharedQueryClient } from '@/lib/query-client';
import { TextConsentField, textConsentTicked } from '../fields/text-consent-field';
import { Honeypot, QuoteTextFields } from '../fields/quote-fields';
import { QuoteFormHeading, SubmitRow, formGridClass, type QuoteFormProps } from '../fields/quote-form-layout';
import { FormNotice, QuoteConfirmation, noticeTexts } from '../fields/quote-notices';
import { PhotoField } from '../photo/photo-field';
import { usePhotoUpload } from '../photo/use-photo-upload';
import { isKeptReason, keptTexts } from '../sending/kept-notice';
import { clearDraft } from '../sending/saved-quote';
import { formSignals } from '../sending/use-submit-quote';
import { emptyValues, type QuoteFormValues } from './quote-form-values';
import { usePendingQuote } from './use-pending-quote';
import { startingPoint, useQuoteDraft } from './use-quote-draft';
import { useSendQuote } from './use-send-quote';
import { useSentConfirmation } from './use-sent-confirmation';
import { useTakeOver, type CarriedFormRef } from './use-take-over';

export type { QuoteFormProps } from '../fields/quote-form-layout';
export { quoteToasts } from '../sending/quote-toasts';

/**
 * Checks the fields with the shared schema. The schema and zod (the largest part of the form's
 * code) are loaded once this form has taken over and the browser is idle, and run on the first
 * check, a send, rather than while the page loads.
 */
const resolver: Resolver<QuoteFormValues, unknown, QuoteRequest> = async (values, context, options) => {
  let schema: typeof import('@shared/schemas/quote-request').quoteRequestSchema;
  try {
    schema = (await import('@shared/schemas/quote-request')).quoteRequestSchema;
  } catch {
    // Not fetched (the connection dropped before the page was idle): the request goes as typed,
    // and the server's check answers for it (its messages appear beside the fields), or it is
    // kept on this device until the connection is back.
    const typed = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.trim()]));
    return { values: typed as unknown as QuoteRequest, errors: {} };
  }
  // The schema's input type has the enum unions for the selects; the inputs hold plain strings.
  const check = zodResolver(schema) as unknown as Resolver<QuoteFormValues, unknown, QuoteRequest>;
  return check(values, context, options);
};

const submitLabels = { idle: 'Request Free Quote', pending: 'Submitting...' } as const;
const clearLabel = 'Clear form';
const newRequestLabel = 'Another project? Send us a new request';

/**
 * The quote request form. Validates with the shared schema on submit, then again on every change;
 * sends nothing while invalid or while a photo is still uploading; keeps everything typed when
 * sending fails.
 *
 * Nothing typed is lost, as a lost request is a lost job: the fields and an uploaded photo's
 * address are saved on this device as a draft while typing and restored when the form is shown
 * again; a request that cannot reach the server (offline, busy) is kept and sent automatically
 * later with the same Idempotency-Key; after a success a confirmation stays above the form until a
 * new request is started.
 *
 * The form brings its own React Query provider: React Query is only used here, so its code stays
 * in this lazily loaded chunk instead of every page's bundle.
 */
export function QuoteForm(props: QuoteFormProps & { carried?: CarriedFormRef }) {
  // The schema (zod) is fetched and run once the form is in and the browser is idle, before the first send.
  useEffect(() => loadWhenIdle(() => import('@shared/schemas/quote-request')), []);
  return (
    <QueryClientProvider client={sharedQueryClient()}>
      <QuoteFormFields {...props} />
    </QueryClientProvider>
  );
}

/**
 * The form itself. Each behaviour is a hook of its own beside this file, in the order they act:
 * the draft kept on the device (use-quote-draft.ts), the confirmation of the last request
 * (use-sent-confirmation.ts), sending and its outcome (use-send-quote.ts), the take-over from the
 * plain form (use-take-over.ts) and a request waiting on the device (use-pending-quote.ts).
 */
function QuoteFormFields({
  headingLevel = 2,
  headingId,
  description,
  id,
  className,
  carried,
}: QuoteFormProps & { carried?: CarriedFormRef }) {
  const generatedId = useId();
  const titleId = headingId ?? `${generatedId}-title`;
  const [start] = useState(startingPoint);
  const photo = usePhotoUpload(start.photo);
  const [spamSignals] = useState(() => formSignals(start.filledBeforeMs));
  const confirmation = useSentConfirmation();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<QuoteFormValues, unknown, QuoteRequest>({
    resolver,
    defaultValues: start.values,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = form;
  const sending = useSendQuote({ form, photo, spamSignals, confirmation });
  const { notice } = sending;
  const { sent } = confirmation;
  useQuoteDraft(form, photo.state, confirmation.startNewRequest);

  const choosePhoto = (file: File | undefined) => {
    if (file) confirmation.startNewRequest();
    void photo.choose(file);
  };
  useTakeOver(carried, { formRef, setValue: form.setValue, spamSignals, choosePhoto });
  usePendingQuote({
    sent: (payload, visitUrl) => sending.stored(payload, false, visitUrl),
    refused: sending.showServerErrors,
  });

  const focusName = () => (formRef.current?.elements.namedItem('name') as HTMLInputElement | null)?.focus();

  const clearForm = () => {
    reset(emptyValues);
    photo.clear();
    clearDraft();
    confirmation.startNewRequest();
    sending.formCleared();
    focusName();
  };

  const fieldProps = (name: QuoteFieldName, label: string) => ({
    label,
    error: errors[name]?.message,
    registration: register(name),
  });

  return (
    <div id={id} className={className}>
      <QuoteFormHeading headingLevel={headingLevel} headingId={titleId} description={description} />
      {sent ? (
        <QuoteConfirmation
          sent={sent}
          reveal={sent.reveal}
          onNewRequest={() => {
            confirmation.startNewRequest();
            focusName();
          }}
        />
      ) : null}
      {sent ? (
        // The emptied form below a confirmation is for another project, and says so.
        <p
          className="mt-8 border-t border-cream-200 pt-6 font-display text-lg font-bold text-pine-900"
          data-new-request=""
        >
          {newRequestLabel}
        </p>
      ) : null}
      <form
        ref={formRef}
        aria-labelledby={titleId}
        noValidate
        onSubmit={handleSubmit((values, event) =>
          sending.send(values, textConsentTicked(event?.target instanceof HTMLFormElement ? event.target : null)),
        )}
        className={formGridClass}
        data-enhanced=""
      >
        <QuoteTextFields field={fieldProps} />
        <Honeypot inputRef={spamSignals.honeypotRef} />
        <PhotoField
          state={photo.state}
          inputRef={photo.inputRef}
          onChoose={choosePhoto}
          onRemove={() => photo.clear()}
          disabled={sending.sending}
        />
        <TextConsentField />
        <SubmitRow
          button={
            <Button
              type="submit"
              size="lg"
              disabled={sending.sending || sending.uploading}
              className="w-full sm:w-auto"
            >
              {sending.sending ? (
                <>
                  <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
                  {submitLabels.pending}
                </>
              ) : (
                submitLabels.idle
              )}
            </Button>
          }
          secondary={
            <Button type="button" variant="ghost" onClick={clearForm} disabled={sending.sending}>
              <RotateCcw aria-hidden="true" />
              {clearLabel}
            </Button>
          }
        />
        {isKeptReason(notice) ? <FormNotice kind="saved">{keptTexts[notice]}</FormNotice> : null}
        {notice === 'invalid' ? <FormNotice kind="failed">{noticeTexts.invalid}</FormNotice> : null}
        {notice === 'failed' ? <FormNotice kind="failed">{noticeTexts.failed}</FormNotice> : null}
      </form>
    </div>
  );
}

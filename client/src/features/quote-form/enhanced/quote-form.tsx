import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClientProvider } from '@tanstack/react-query';
import { LoaderCircle, RotateCcw } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { QuoteFieldName } from '@shared/schemas/quote-form-post';
import type { QuoteRequest } from '@shared/schemas/quote-request';
import { Button } from '@/components/ui/button';
import { loadWhenIdle } from '@/lib/after-page-load';
import { sharedQueryClient } from '@/lib/query-client';
import { toast } from '@/lib/use-toast';
import { PhotoField } from '../photo/photo-field';
import { isKeptReason, keptReason, keptTexts, type KeptReason } from '../sending/kept-notice';
import { isRetryable, type QuotePayload } from '../sending/post-quote';
import { Honeypot, QuoteTextFields, hasCaret, isFormField } from '../fields/quote-fields';
import { QuoteFormHeading, SubmitRow, formGridClass, type QuoteFormProps } from '../fields/quote-form-layout';
import { FormNotice, QuoteConfirmation, noticeTexts } from '../fields/quote-notices';
import { quoteToasts } from '../sending/quote-toasts';
import {
  clearDraft,
  clearPending,
  clearSent,
  readDraft,
  readPending,
  readSent,
  saveDraft,
  savePending,
  saveSent,
} from '../sending/saved-quote';
import {
  onPendingQuote,
  resumePendingQuote,
  retryPendingLater,
  type PendingEvent,
} from '../sending/send-pending-quote';
import { usePhotoUpload } from '../photo/use-photo-upload';
import {
  formSignals,
  idempotencyKeys,
  quotePayload,
  serverFieldErrors,
  useSubmitQuote,
} from '../sending/use-submit-quote';

export type { QuoteFormProps } from '../fields/quote-form-layout';
export { quoteToasts } from '../sending/quote-toasts';

/** What the inputs hold. The selects start at '' (their placeholder), which the schema rejects. */
type QuoteFormValues = Record<QuoteFieldName, string>;

const emptyValues: QuoteFormValues = {
  name: '',
  phone: '',
  email: '',
  projectType: '',
  city: '',
  budgetRange: '',
  message: '',
};

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

/** What the page's plain form held when this form took its place (plain/lazy-quote-form.tsx). */
export interface CarriedForm {
  values: Partial<QuoteFormValues>;
  /** The field that had the focus, and the caret in it. */
  focus?: { name: string; start: number | null; end: number | null };
  /** A photo chosen in the plain form's picker: uploaded as if chosen here. */
  file?: File;
}

/** Filled in as the plain form leaves the page, just before this form's first layout effects run. */
export type CarriedFormRef = RefObject<CarriedForm | undefined>;

type Notice = KeptReason | 'invalid' | 'failed' | null;

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

/** The draft saved on this device (what the plain form held is put on top as this form appears). */
function startingPoint() {
  const draft = readDraft();
  return {
    values: { ...emptyValues, ...draft?.values },
    photo: draft?.photo,
    filledBeforeMs: draft ? Date.now() - draft.startedAt : 0,
  };
}

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
  const submit = useSubmitQuote();
  const [keys] = useState(idempotencyKeys);
  const [spamSignals] = useState(() => formSignals(start.filledBeforeMs));
  const [sent, setSent] = useState<{ projectType: string; city: string; reveal?: boolean } | null>(() => readSent());
  const [notice, setNotice] = useState<Notice>(() => (readPending() ? 'waiting' : null));
  const formRef = useRef<HTMLFormElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    subscribe,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<QuoteFormValues, unknown, QuoteRequest>({
    resolver,
    defaultValues: start.values,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const uploading = photo.state.status === 'uploading';
  const photoUrl = photo.state.status === 'uploaded' ? photo.state.photoUrl : undefined;
  const uploadedName = photo.state.status === 'uploaded' ? photo.state.fileName : undefined;

  /** A new request begins: the confirmation of the last one goes. */
  const startNewRequest = () => {
    clearSent();
    setSent(null);
  };

  // The draft: saved on every change of a field (with the photo saved before), and of the photo.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values, name }) => {
          saveDraft({ values, photo: readDraft()?.photo });
          // A change typed by the visitor (a reset has no field name) starts a new request.
          if (name && values[name as QuoteFieldName]) startNewRequest();
        },
      }),
    [subscribe],
  );
  useEffect(() => {
    saveDraft({
      values: getValues(),
      photo: photoUrl && uploadedName !== undefined ? { url: photoUrl, fileName: uploadedName } : undefined,
    });
  }, [getValues, photoUrl, uploadedName]);

  const choosePhoto = (file: File | undefined) => {
    if (file) startNewRequest();
    void photo.choose(file);
  };

  // What the plain form brought, read as it left the page: what was typed (on top of the draft),
  // the focus (and caret) where the visitor was, and a chosen photo. This runs in the commit that
  // swaps the forms, before the browser handles the next keystroke.
  const carriedOnce = useRef(false);
  const takeOver = useEffectEvent(() => {
    const from = carried?.current;
    if (carriedOnce.current || !from) return;
    carriedOnce.current = true;
    const typed = Object.entries(from.values).filter(([, value]) => value);
    for (const [name, value] of typed) setValue(name as QuoteFieldName, value);
    // Typing in the plain form began after the page started loading.
    if (typed.length > 0) spamSignals.filledSince(0);
    if (from.file) choosePhoto(from.file);
    const focused = from.focus && formRef.current?.elements.namedItem(from.focus.name);
    if (isFormField(focused)) {
      focused.focus();
      if (hasCaret(focused) && from.focus?.start != null) {
        focused.setSelectionRange(from.focus.start, from.focus.end ?? from.focus.start);
      }
    }
  });
  // eslint-disable-next-line react-hooks/set-state-in-effect -- a one-time hand-over when the form appears
  useLayoutEffect(() => takeOver(), []);

  /** The request is stored: the success toast, an empty form, and the lasting confirmation. */
  const stored = (payload: QuotePayload, announce: boolean) => {
    keys.done();
    clearDraft();
    saveSent(payload);
    if (announce) toast(quoteToasts.success);
    reset(emptyValues);
    photo.clear();
    setSent({ projectType: payload.projectType, city: payload.city, reveal: true });
    setNotice(null);
  };

  const showServerErrors = (error: unknown) => {
    const fromServer = serverFieldErrors(error);
    // A photo the server cannot find (e.g. the upload never finished) has to be added again.
    if (fromServer.photoUrl) photo.clear(fromServer.photoUrl);
    const fieldErrors = Object.entries(fromServer).filter(([field]) => field in emptyValues);
    fieldErrors.forEach(([field, message], index) =>
      setError(field as QuoteFieldName, { type: 'server', message }, { shouldFocus: index === 0 }),
    );
    setNotice(fieldErrors.length > 0 || fromServer.photoUrl ? 'invalid' : 'failed');
  };

  // A request kept on this device: send it (the page's check does too; one attempt runs at a time),
  // and show the outcome here when it comes while the form is on screen.
  const pendingOutcome = useEffectEvent((event: PendingEvent) => {
    if (event.type === 'sent') stored(event.pending.payload, false);
    else showServerErrors(event.error);
  });
  useEffect(() => {
    const stop = onPendingQuote(pendingOutcome);
    if (readPending()) resumePendingQuote();
    return stop;
  }, []);

  const onValid = (values: QuoteRequest) => {
    // The button is disabled in both cases; this also covers Enter in a text field.
    if (submit.isPending || uploading) return;
    const payload = quotePayload(values, photoUrl);
    // The same request as the one waiting on this device goes with its key: stored once either way.
    const waiting = readPending();
    const sameAsWaiting = waiting !== null && JSON.stringify(waiting.payload) === JSON.stringify(payload);
    const signals = sameAsWaiting ? waiting.signals : { idempotencyKey: keys.keyFor(payload), ...spamSignals.read() };
    if (waiting && !sameAsWaiting) clearPending(waiting.signals.idempotencyKey);
    submit.mutate(
      { payload, signals },
      {
        onSuccess: () => {
          clearPending(signals.idempotencyKey);
          stored(payload, true);
        },
        onError: (error) => {
          toast(quoteToasts.failure);
          if (isRetryable(error)) {
            savePending({ payload, signals });
            retryPendingLater(error);
            setNotice(keptReason(error));
            return;
          }
          showServerErrors(error);
        },
      },
    );
  };

  const clearForm = () => {
    reset(emptyValues);
    photo.clear();
    clearDraft();
    startNewRequest();
    if (!isKeptReason(notice)) setNotice(null);
    (formRef.current?.elements.namedItem('name') as HTMLInputElement | null)?.focus();
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
            startNewRequest();
            (formRef.current?.elements.namedItem('name') as HTMLInputElement | null)?.focus();
          }}
        />
      ) : null}
      <form
        ref={formRef}
        aria-labelledby={titleId}
        noValidate
        onSubmit={handleSubmit(onValid)}
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
          disabled={submit.isPending}
        />
        <SubmitRow
          button={
            <Button type="submit" size="lg" disabled={submit.isPending || uploading} className="w-full sm:w-auto">
              {submit.isPending ? (
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
            <Button type="button" variant="ghost" onClick={clearForm} disabled={submit.isPending}>
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

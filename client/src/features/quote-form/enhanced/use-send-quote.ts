import { useState } from 'react';
import type { QuoteRequest } from '@shared/schemas/quote-request';
import { toast } from '@/lib/use-toast';
import type { usePhotoUpload } from '../photo/use-photo-upload';
import { isKeptReason, keptReason, type KeptReason } from '../sending/kept-notice';
import { isRetryable, type QuotePayload } from '../sending/post-quote';
import { quoteFailureToast, quoteToasts } from '../sending/quote-toasts';
import { useBusiness } from '@/lib/site-content';
import { clearDraft, clearPending, readPending, savePending } from '../sending/saved-quote';
import { retryPendingLater } from '../sending/send-pending-quote';
import {
  formSignals,
  idempotencyKeys,
  quotePayload,
  serverFieldErrors,
  useSubmitQuote,
} from '../sending/use-submit-quote';
import { emptyValues, isQuoteFieldName, type QuoteFormMethods } from './quote-form-values';
import type { useSentConfirmation } from './use-sent-confirmation';

/** The line under the form: why a request waits on this device, or why it was not sent. */
export type Notice = KeptReason | 'invalid' | 'failed' | null;

/**
 * Sends a checked request, and what follows: stored, it clears the form and the draft and shows
 * the confirmation; refused, the server's messages go beside their fields; not reaching the server
 * (offline, busy), it is kept on this device and sent later with the same Idempotency-Key. Nothing
 * goes while a photo is still uploading or a request is under way.
 */
export function useSendQuote({
  form: { reset, setError },
  photo,
  spamSignals,
  confirmation,
}: {
  form: QuoteFormMethods;
  photo: ReturnType<typeof usePhotoUpload>;
  spamSignals: ReturnType<typeof formSignals>;
  confirmation: ReturnType<typeof useSentConfirmation>;
}) {
  const submit = useSubmitQuote();
  const business = useBusiness();
  const [keys] = useState(idempotencyKeys);
  const [notice, setNotice] = useState<Notice>(() => (readPending() ? 'waiting' : null));
  const uploading = photo.state.status === 'uploading';
  const photoUrl = photo.state.status === 'uploaded' ? photo.state.photoUrl : undefined;

  /** The request is stored: the success toast, an empty form, and the lasting confirmation. */
  const stored = (payload: QuotePayload, announce: boolean, visitUrl?: string) => {
    keys.done();
    clearDraft();
    confirmation.show({ ...payload, visitUrl });
    if (announce) toast(quoteToasts.success);
    reset(emptyValues);
    photo.clear();
    setNotice(null);
  };

  const showServerErrors = (error: unknown) => {
    const fromServer = serverFieldErrors(error);
    // A photo the server cannot find (e.g. the upload never finished) has to be added again.
    if (fromServer.photoUrl) photo.clear(fromServer.photoUrl);
    const fieldErrors = Object.entries(fromServer).flatMap(([field, message]) =>
      isQuoteFieldName(field) ? [{ field, message }] : [],
    );
    fieldErrors.forEach(({ field, message }, index) =>
      setError(field, { type: 'server', message }, { shouldFocus: index === 0 }),
    );
    setNotice(fieldErrors.length > 0 || fromServer.photoUrl ? 'invalid' : 'failed');
  };

  const send = (values: QuoteRequest, textConsent = false) => {
    // The button is disabled in both cases; this also covers Enter in a text field.
    if (submit.isPending || uploading) return;
    const payload = { ...quotePayload(values, photoUrl), ...(textConsent ? { textConsent: true as const } : {}) };
    // The same request as the one waiting on this device goes with its key: stored once either way.
    const waiting = readPending();
    const sameAsWaiting = waiting !== null && JSON.stringify(waiting.payload) === JSON.stringify(payload);
    const signals = sameAsWaiting ? waiting.signals : { idempotencyKey: keys.keyFor(payload), ...spamSignals.read() };
    if (waiting && !sameAsWaiting) clearPending(waiting.signals.idempotencyKey);
    submit.mutate(
      { payload, signals },
      {
        onSuccess: (visitUrl) => {
          clearPending(signals.idempotencyKey);
          stored(payload, true, visitUrl);
        },
        onError: (error) => {
          toast(quoteFailureToast(business.phoneDisplay));
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

  return {
    send,
    sending: submit.isPending,
    uploading,
    notice,
    /** The form was cleared: a failure notice goes, a request waiting on this device is still said. */
    formCleared: () => {
      if (!isKeptReason(notice)) setNotice(null);
    },
    stored,
    showServerErrors,
  };
}

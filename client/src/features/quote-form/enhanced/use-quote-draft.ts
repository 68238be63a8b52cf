import { useEffect, useEffectEvent } from 'react';
import type { PhotoState } from '../photo/use-photo-upload';
import { pageCameFrom } from '@/lib/came-from';
import { readDraft, saveDraft } from '../sending/saved-quote';
import { withChoiceFromPage } from './choice-from-page';
import { emptyValues, isQuoteFieldName, type QuoteFormMethods } from './quote-form-values';

/**
 * Where the form starts: the draft saved on this device, with the choice of the page the visitor
 * came from (a service page's project type, an area page's town: choice-from-page.ts); what the
 * plain form held is put on top later (use-take-over.ts).
 */
export function startingPoint() {
  const draft = readDraft();
  return {
    values: withChoiceFromPage({ ...emptyValues, ...draft?.values }, pageCameFrom()),
    photo: draft?.photo,
    /** Time already spent on this request, for the spam signals. */
    filledBeforeMs: draft ? Date.now() - draft.startedAt : 0,
  };
}

/**
 * Keeps the draft on this device, as a lost request is a lost job: saved on every change of a
 * field (with the photo saved before), and on every change of the photo. `onTyped`: a change the
 * visitor typed (a reset has no field name), which starts a new request.
 */
export function useQuoteDraft({ subscribe, getValues }: QuoteFormMethods, photo: PhotoState, onTyped: () => void) {
  const typed = useEffectEvent(onTyped);
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values, name }) => {
          saveDraft({ values, photo: readDraft()?.photo });
          if (name && isQuoteFieldName(name) && values[name]) typed();
        },
      }),
    [subscribe],
  );

  const photoUrl = photo.status === 'uploaded' ? photo.photoUrl : undefined;
  const fileName = photo.status === 'uploaded' ? photo.fileName : undefined;
  useEffect(() => {
    saveDraft({
      values: getValues(),
      photo: photoUrl && fileName !== undefined ? { url: photoUrl, fileName } : undefined,
    });
  }, [getValues, photoUrl, fileName]);
}

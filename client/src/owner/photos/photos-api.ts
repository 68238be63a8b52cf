import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UploadedPhoto } from '@shared/content/types';
import type { OwnerPicture, PictureFocus } from '@shared/schemas/site-pictures';
import { getQueryFn } from '@/lib/api-client';
import { ownerApi, ownerFetch, ownerJson, refusal } from '../app/owner-api';

export const picturesKey = [ownerApi, 'pictures'];

/** GET /api/owner/pictures: every drawn picture's place, with his photo in use there, if any. */
export function useOwnerPictures() {
  return useQuery({ queryKey: picturesKey, queryFn: getQueryFn<{ pictures: OwnerPicture[] }>({ on401: 'throw' }) });
}

/** A variant of his photo for his own page (the server's, before every server shows it). */
export const ownPictureHref = (photo: UploadedPhoto) =>
  `${ownerApi}/project-photos/${photo.id}-${photo.widths[0]}.${photo.format === 'png' ? 'png' : 'jpg'}`;

/** What he chose with the photo: the point every crop keeps, and a QR code's text he confirmed. */
export interface PictureChoice {
  focus: PictureFocus;
  confirmedQrText?: string;
}

async function sendPicture(name: string, file: Blob, { focus, confirmedQrText }: PictureChoice): Promise<OwnerPicture> {
  const query = new URLSearchParams({ x: String(focus.x), y: String(focus.y) });
  if (confirmedQrText !== undefined) query.set('confirm', confirmedQrText);
  const response = await ownerFetch(`/pictures/${name}?${query}`, {
    method: 'PUT',
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    body: file,
  });
  return (await response.json()) as OwnerPicture;
}

function useChanged() {
  const client = useQueryClient();
  return (answer: OwnerPicture) => {
    client.setQueryData<{ pictures: OwnerPicture[] }>(picturesKey, (old) =>
      old ? { pictures: old.pictures.map((picture) => (picture.name === answer.name ? answer : picture)) } : old,
    );
    // The launch list counts the pictures.
    void client.invalidateQueries({ queryKey: [ownerApi, 'launch'] });
  };
}

/** The text of a QR code the server asks him to look at first (a 409: it opens no payment app). */
export function qrTextToConfirm(error: unknown): string | null {
  const qrText = refusal<{ qrText: unknown }>(error, 409)?.qrText;
  return typeof qrText === 'string' ? qrText : null;
}

export function useReplacePicture() {
  const changed = useChanged();
  return useMutation({
    mutationFn: ({ name, file, choice }: { name: string; file: Blob; choice: PictureChoice }) =>
      sendPicture(name, file, choice),
    onSuccess: changed,
  });
}

export function usePutPhotoBack() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (name: string) => ownerJson<OwnerPicture>('POST', `/pictures/${name}/put-back`),
    onSuccess: changed,
  });
}

export function useDrawingAgain() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (name: string) => ownerJson<OwnerPicture>('DELETE', `/pictures/${name}`),
    onSuccess: changed,
  });
}

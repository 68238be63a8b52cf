import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UploadedPhoto } from '@shared/content/types';
import type { OwnerPicture, PictureKeepChoice } from '@shared/schemas/site-pictures';
import { ApiError, apiRequest, getQueryFn } from '@/lib/api-client';

const ownerApi = '/api/owner';
export const picturesKey = [ownerApi, 'pictures'];

/** GET /api/owner/pictures: every drawn picture's place, with his photo in use there, if any. */
export function useOwnerPictures() {
  return useQuery({ queryKey: picturesKey, queryFn: getQueryFn<{ pictures: OwnerPicture[] }>({ on401: 'throw' }) });
}

/** A variant of his photo for his own page (the server's, before every server shows it). */
export const ownPictureHref = (photo: UploadedPhoto) =>
  `${ownerApi}/project-photos/${photo.id}-${photo.widths[0]}.${photo.format === 'png' ? 'png' : 'jpg'}`;

async function sendPicture(name: string, file: Blob, keep: PictureKeepChoice): Promise<OwnerPicture> {
  const response = await fetch(`${ownerApi}/pictures/${name}?keep=${keep}`, {
    method: 'PUT',
    credentials: 'same-origin',
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    body: file,
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
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

export function useReplacePicture() {
  const changed = useChanged();
  return useMutation({
    mutationFn: ({ name, file, keep }: { name: string; file: Blob; keep: PictureKeepChoice }) =>
      sendPicture(name, file, keep),
    onSuccess: changed,
  });
}

export function useDrawingAgain() {
  const changed = useChanged();
  return useMutation({
    mutationFn: async (name: string) =>
      (await (await apiRequest('DELETE', `${ownerApi}/pictures/${name}`)).json()) as OwnerPicture,
    onSuccess: changed,
  });
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest } from '@/lib/api-client';
import { toast } from '@/lib/use-toast';
import { photoRefusalToasts, photoRefusals, preparePhoto } from './downscale-image';

export type PhotoState =
  | { status: 'empty'; notice?: string }
  | { status: 'uploading'; fileName: string }
  /** `preview`: the photo as sent, on this device (an object URL), for its thumbnail; a restored one has none. */
  | { status: 'uploaded'; fileName: string; photoUrl: string; preview?: string };

const photoToasts = {
  uploaded: { title: 'Photo uploaded', description: 'Your photo has been attached to the quote request.' },
  failed: { title: 'Photo upload failed', description: 'Please try again, or send your request without a photo.' },
  refusedTitle: 'Photo not added',
} as const;

/**
 * The stored photo's address: the upload URL without its query string (the signature in it only
 * grants the upload, and expires).
 */
function photoUrlFrom(uploadURL: string): string {
  return new URL(uploadURL, window.location.href).href.split(/[?#]/)[0] ?? '';
}

/** Asks the API for an upload URL, then PUTs the file there with its content type. */
export async function uploadPhoto(file: File, signal?: AbortSignal): Promise<string> {
  // An empty body: the server checks the type when the file arrives.
  const response = await apiRequest('POST', '/api/objects/upload');
  const { uploadURL } = (await response.json()) as { uploadURL?: unknown };
  if (typeof uploadURL !== 'string' || !uploadURL) throw new Error('The upload answer had no uploadURL');
  // No credentials: the URL itself is the permission, and it may point at another origin (S3).
  const put = await fetch(uploadURL, { method: 'PUT', body: file, headers: { 'Content-Type': file.type }, signal });
  if (!put.ok) throw new Error(`${put.status}: photo upload refused`);
  return photoUrlFrom(uploadURL);
}

const previewOf = (file: Blob) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined);

/**
 * The optional photo of a quote request: empty, uploading, or uploaded with
 * its photoUrl. Large photos are downscaled first; refusals and failures leave the field empty
 * with a plain explanation so the visitor can pick another photo or send without one. `restored`:
 * a photo uploaded earlier (a saved draft).
 */
export function usePhotoUpload(restored?: { url: string; fileName: string }) {
  const [state, setState] = useState<PhotoState>(() =>
    restored ? { status: 'uploaded', fileName: restored.fileName, photoUrl: restored.url } : { status: 'empty' },
  );
  const inputRef = useRef<HTMLInputElement>(null);
  const controllerRef = useRef<AbortController | null>(null);

  const clearInput = useCallback(() => {
    if (inputRef.current) inputRef.current.value = '';
  }, []);

  /** Drops the photo (and any upload under way), optionally saying why. */
  const clear = useCallback(
    (notice?: string) => {
      controllerRef.current?.abort();
      controllerRef.current = null;
      clearInput();
      setState(notice ? { status: 'empty', notice } : { status: 'empty' });
    },
    [clearInput],
  );

  const choose = useCallback(
    async (chosen: File | undefined) => {
      controllerRef.current?.abort();
      if (!chosen) {
        controllerRef.current = null;
        setState({ status: 'empty' });
        return;
      }
      const controller = new AbortController();
      controllerRef.current = controller;
      setState({ status: 'uploading', fileName: chosen.name });

      const refuse = (reason: keyof typeof photoRefusals) => {
        clearInput();
        setState({ status: 'empty', notice: photoRefusals[reason] });
        toast({ title: photoToasts.refusedTitle, description: photoRefusalToasts[reason], variant: 'destructive' });
      };

      const prepared = await preparePhoto(chosen);
      if (controller.signal.aborted) return;
      if (!prepared.ok) return refuse(prepared.reason);

      try {
        const photoUrl = await uploadPhoto(prepared.file, controller.signal);
        if (controller.signal.aborted) return;
        setState({ status: 'uploaded', fileName: chosen.name, photoUrl, preview: previewOf(prepared.file) });
        toast(photoToasts.uploaded);
      } catch {
        if (controller.signal.aborted) return;
        clearInput();
        setState({ status: 'empty' });
        toast({ ...photoToasts.failed, variant: 'destructive' });
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
      }
    },
    [clearInput],
  );

  useEffect(() => () => controllerRef.current?.abort(), []);
  // A thumbnail's object URL is let go once the photo is replaced, removed or the form is gone.
  const preview = state.status === 'uploaded' ? state.preview : undefined;
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  return { state, inputRef, choose, clear };
}

import { useId, useRef, useState, type ReactNode } from 'react';
import type { UploadedPhoto } from '@shared/content/types';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '../app/owner-api';
import { projectPhotoHref, uploadProjectPhoto } from './projects-api';
import { HeicError, jpegIfHeic } from '../app/photo-file';
import { labelClass } from '../app/styles';

/** The project form's labelled field and its photo field (camera or library, HEIC made a JPEG, Retry). */
export interface ControlProps {
  id: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      <div className="mt-1.5">
        {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-rim-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type Upload = { status: 'idle' } | { status: 'uploading' } | { status: 'failed'; message: string; file: File };

/**
 * A photo from the camera or the library. An iPhone's HEIC is turned into a JPEG here first (the
 * server cannot read HEIC); a failed upload keeps the file, with Retry.
 */
export function PhotoField({
  label,
  photo,
  error,
  onPhoto,
}: {
  label: string;
  photo: UploadedPhoto | null;
  error?: string;
  onPhoto: (photo: UploadedPhoto | null) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<Upload>({ status: 'idle' });

  const send = async (file: File) => {
    setUpload({ status: 'uploading' });
    try {
      const ready = await jpegIfHeic(file);
      onPhoto(await uploadProjectPhoto(ready));
      setUpload({ status: 'idle' });
    } catch (failure) {
      const message =
        failure instanceof ApiError
          ? errorMessage(failure)
          : failure instanceof HeicError
            ? failure.message
            : 'The photo could not be sent. Check the connection and tap Retry.';
      setUpload({ status: 'failed', message, file });
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const message = upload.status === 'failed' ? upload.message : error;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {photo ? (
        <img
          src={projectPhotoHref(photo)}
          alt=""
          width={photo.width}
          height={photo.height}
          className="mt-1.5 aspect-[4/3] h-auto w-full max-w-sm rounded-lg object-cover"
        />
      ) : null}
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/*"
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-message` : undefined}
        className="mt-1.5 block w-full text-base file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-pine-800 file:px-4 file:font-semibold file:text-white"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void send(file);
        }}
      />
      <p role="status" className="mt-1 text-sm text-ink-muted">
        {upload.status === 'uploading' ? 'Uploading and preparing the photo…' : photo ? 'Photo added.' : ''}
      </p>
      {message ? (
        <div id={`${id}-message`} className="mt-1 flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm font-semibold text-rim-700">
            {message}
          </p>
          {upload.status === 'failed' ? (
            <Button type="button" size="sm" variant="outline" onClick={() => void send(upload.file)}>
              Retry
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

import { Check, ImagePlus, LoaderCircle, X } from 'lucide-react';
import { useId, type RefObject } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { FieldLabel, PhotoFieldFrame } from '../fields/quote-form-layout';
import type { PhotoState } from './use-photo-upload';

const photoLabels = {
  empty: 'Add a Photo',
  uploading: 'Uploading photo…',
  uploaded: 'Photo Uploaded',
  attached: '✓ Photo attached',
  remove: 'Remove photo',
} as const;

/**
 * The optional photo: a file input (images only) inside a button-like label. It reads 'Add a Photo',
 * then 'Uploading photo…', then 'Photo Uploaded' with '✓ Photo attached' below, so the
 * visitor always sees whether the photo is on its way or attached.
 * Choosing again replaces the photo; 'Remove photo' drops it.
 */
export function PhotoField({
  state,
  inputRef,
  onChoose,
  onRemove,
  disabled = false,
}: {
  state: PhotoState;
  inputRef: RefObject<HTMLInputElement | null>;
  onChoose: (file: File | undefined) => void;
  onRemove: () => void;
  disabled?: boolean;
}) {
  const id = useId();
  const groupLabelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  const uploading = state.status === 'uploading';
  const uploaded = state.status === 'uploaded';
  const Icon = uploading ? LoaderCircle : uploaded ? Check : ImagePlus;

  return (
    <PhotoFieldFrame
      label={
        <FieldLabel id={groupLabelId} optional>
          Photo
        </FieldLabel>
      }
      labelId={groupLabelId}
      hintId={hintId}
      statusId={statusId}
      control={
        <>
          <label
            className={cn(
              buttonVariants({ variant: uploaded ? 'secondary' : 'outline' }),
              'has-[:focus-visible]:outline-[3px] has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-wood-400 has-[:focus-visible]:outline-solid',
              uploading ? 'cursor-wait' : 'cursor-pointer',
              disabled && 'pointer-events-none opacity-60',
            )}
          >
            <Icon aria-hidden="true" className={cn(uploading && 'motion-safe:animate-spin')} />
            {uploading ? photoLabels.uploading : uploaded ? photoLabels.uploaded : photoLabels.empty}
            <input
              ref={inputRef}
              type="file"
              accept="image/*"
              className="sr-only"
              disabled={uploading || disabled}
              aria-describedby={`${hintId} ${statusId}`}
              onChange={(event) => onChoose(event.currentTarget.files?.[0])}
            />
          </label>
          {uploaded ? (
            <Button type="button" variant="ghost" onClick={onRemove} disabled={disabled}>
              <X aria-hidden="true" />
              {photoLabels.remove}
            </Button>
          ) : null}
        </>
      }
      status={<PhotoStatus state={state} />}
    />
  );
}

function PhotoStatus({ state }: { state: PhotoState }) {
  switch (state.status) {
    case 'uploaded':
      return (
        <p className="flex min-w-0 items-center gap-3">
          {/* A small thumbnail of the photo as sent (the uploaded copy after a reload). */}
          <img
            src={state.preview ?? state.photoUrl}
            alt=""
            width={48}
            height={48}
            className="size-12 shrink-0 rounded-md border border-cream-200 bg-cream-100 object-cover"
            data-photo-thumbnail=""
          />
          <span className="flex min-w-0 flex-wrap gap-x-2">
            <span className="font-semibold text-pine-700">{photoLabels.attached}</span>
            <span className="min-w-0 truncate text-ink-muted">{state.fileName}</span>
          </span>
        </p>
      );
    case 'uploading':
      return <p className="sr-only">Sending your photo, please wait.</p>;
    default:
      return state.notice ? <p className="font-medium text-rim-700">{state.notice}</p> : null;
  }
}

import { ImageUp } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { imageKinds, imageUrl } from '@shared/images';
import { pictureAnchor, type PicturePlace } from '@shared/content/site-pictures';
import { centreFocus, type OwnerPicture, type PictureFocus } from '@shared/schemas/site-pictures';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';
import { errorMessage } from '../app/owner-api';
import { CropPreviews, FocusPicker } from './picture-focus';
import { ownPictureHref, qrTextToConfirm, useReplacePicture } from './photos-api';
import { QrCodeConfirm, QrCodeText } from './qr-code-text';
import { jpegIfHeic } from '../app/photo-file';
import { cardClass } from '../app/styles';
import { PutPhotoBackButton, UseDrawingButton } from './use-drawing';

/**
 * One drawn picture of the site on /owner/photos: what the site shows there now (the drawing or
 * his photo), "Replace <place>" (camera or library), then the photo with the point to keep (a
 * tap), the crops the site makes of it on a phone and a computer (a QR code is never cropped: what
 * it says instead) and "Use this photo"; once replaced, "Use the drawing" (asked first), and
 * his photo offered back after it.
 */
export function PictureCard({ place, picture }: { place: PicturePlace; picture: OwnerPicture }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const [focus, setFocus] = useState<PictureFocus>(centreFocus);
  const [failure, setFailure] = useState<string | null>(null);
  const [qrToConfirm, setQrToConfirm] = useState<string | null>(null);
  const replace = useReplacePicture();
  const qr = place.kind === 'qr';
  const { width, height, widths } = imageKinds[place.kind];
  const shape = { aspectRatio: `${width} / ${height}` };

  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.url) : undefined), [chosen]);

  const choose = (file: File | undefined) => {
    setFailure(null);
    setQrToConfirm(null);
    setFocus(centreFocus);
    setChosen(file ? { file, url: URL.createObjectURL(file) } : null);
  };
  const clear = () => {
    setChosen(null);
    setQrToConfirm(null);
    if (input.current) input.current.value = '';
  };

  const send = async (confirmedQrText?: string) => {
    if (!chosen) return;
    setFailure(null);
    try {
      const file = await jpegIfHeic(chosen.file);
      await replace.mutateAsync({ name: place.name, file, choice: { focus, confirmedQrText } });
      clear();
      toast({ title: `${place.label}: your photo is on the site`, description: 'Every page shows it within seconds.' });
    } catch (error) {
      const toConfirm = qrTextToConfirm(error);
      if (toConfirm !== null) return setQrToConfirm(toConfirm);
      setFailure(
        error instanceof ApiError
          ? errorMessage(error)
          : error instanceof Error && error.name !== 'TypeError'
            ? error.message
            : 'The photo could not be sent. Check the connection and try again.',
      );
    }
  };

  const photo = picture.photo;
  return (
    <article
      id={pictureAnchor(place.name)}
      tabIndex={-1}
      aria-labelledby={`${inputId}-title`}
      className={cn(
        cardClass,
        'min-w-0 scroll-mt-20 p-4 outline-none focus-visible:ring-2 focus-visible:ring-pine-600',
      )}
    >
      <h3 id={`${inputId}-title`} className="font-bold text-pine-900">
        {place.label}
      </h3>
      {chosen ? (
        <div className="mt-2">
          {qr ? (
            <>
              <p className="text-sm text-ink-muted">The QR code as the site will show it:</p>
              <div style={shape} className="mt-1 w-full overflow-hidden rounded-lg border border-cream-200 bg-white">
                <img
                  src={chosen.url}
                  alt={`Preview of the new ${place.label} picture`}
                  className="h-full w-full object-contain"
                />
              </div>
            </>
          ) : (
            <>
              <FocusPicker url={chosen.url} label={place.label} focus={focus} onChange={setFocus} />
              <CropPreviews url={chosen.url} place={place} focus={focus} />
            </>
          )}
          {qrToConfirm !== null ? (
            <QrCodeConfirm
              text={qrToConfirm}
              pending={replace.isPending}
              onConfirm={() => void send(qrToConfirm)}
              onCancel={clear}
            />
          ) : (
            <div className="mt-3 flex flex-wrap gap-2">
              <Button type="button" onClick={() => void send()} disabled={replace.isPending}>
                <ImageUp aria-hidden="true" />
                {replace.isPending ? 'Preparing the photo…' : 'Use this photo'}
              </Button>
              <Button type="button" variant="outline" onClick={clear} disabled={replace.isPending}>
                Cancel
              </Button>
            </div>
          )}
        </div>
      ) : null}
      {failure ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-rim-700">
          {failure}
        </p>
      ) : null}
      <div className={cn('mt-2 grid grid-cols-[7rem_minmax(0,1fr)] items-start gap-3', chosen && 'hidden')}>
        {chosen ? null : (
          <figure>
            <img
              src={photo ? ownPictureHref(photo) : imageUrl(place.name, widths[0]!, 'webp')}
              alt=""
              width={width}
              height={height}
              loading="lazy"
              className={cn('h-auto w-full rounded-md border border-cream-200', qr ? 'bg-white' : 'object-cover')}
              style={shape}
            />
            <figcaption className="mt-1 text-xs text-ink-muted">{photo ? 'Your photo' : 'The drawing'}</figcaption>
          </figure>
        )}
        <div className="flex min-w-0 flex-col items-start gap-2">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept="image/*"
            className="peer sr-only"
            onChange={(event) => choose(event.target.files?.[0])}
          />
          <label
            htmlFor={inputId}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg bg-pine-800 px-4 py-2 text-left leading-tight font-semibold text-white peer-focus-visible:ring-2 peer-focus-visible:ring-pine-600 peer-focus-visible:ring-offset-2 hover:bg-pine-900"
          >
            <ImageUp aria-hidden="true" className="size-4 shrink-0" />
            Replace {place.label}
          </label>
          {photo ? <UseDrawingButton place={place} /> : null}
          {!photo && picture.setAside ? <PutPhotoBackButton place={place} photo={picture.setAside} /> : null}
        </div>
      </div>
      {photo?.qrText !== undefined && !chosen ? <QrCodeText text={photo.qrText} /> : null}
    </article>
  );
}

import { ImageUp, Undo2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { imageKinds, imageUrl } from '@shared/images';
import { pictureAnchor, type PicturePlace } from '@shared/content/site-pictures';
import { pictureKeepChoices, type OwnerPicture, type PictureKeepChoice } from '@shared/schemas/site-pictures';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';
import { errorMessage } from './api';
import { ownPictureHref, useDrawingAgain, useReplacePicture } from './photos-api';
import { jpegIfHeic } from './project-fields';
import { cardClass } from './styles';

const keepLabels: Record<PictureKeepChoice, string> = { top: 'Top', centre: 'Centre', bottom: 'Bottom' };
const keepPosition: Record<PictureKeepChoice, string> = {
  top: 'center top',
  centre: 'center',
  bottom: 'center bottom',
};

/**
 * One drawn picture of the site on /owner/photos: what the site shows there now (the drawing or
 * his photo), "Replace <place>" (camera or library), then a preview of the photo cropped to the
 * place's shape with what to keep (top, centre, bottom; a QR code is never cropped) and "Use this
 * photo"; once replaced, "Use the drawing".
 */
export function PictureCard({ place, picture }: { place: PicturePlace; picture: OwnerPicture }) {
  const inputId = useId();
  const keepName = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const [keep, setKeep] = useState<PictureKeepChoice>('centre');
  const [failure, setFailure] = useState<string | null>(null);
  const replace = useReplacePicture();
  const drawing = useDrawingAgain();
  const qr = place.kind === 'qr';
  const { width, height, widths } = imageKinds[place.kind];
  const shape = { aspectRatio: `${width} / ${height}` };

  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.url) : undefined), [chosen]);

  const choose = (file: File | undefined) => {
    setFailure(null);
    setKeep('centre');
    setChosen(file ? { file, url: URL.createObjectURL(file) } : null);
  };
  const clear = () => {
    setChosen(null);
    if (input.current) input.current.value = '';
  };

  const send = async () => {
    if (!chosen) return;
    setFailure(null);
    try {
      const file = await jpegIfHeic(chosen.file);
      await replace.mutateAsync({ name: place.name, file, keep });
      clear();
      toast({ title: `${place.label}: your photo is on the site`, description: 'Every page shows it within seconds.' });
    } catch (error) {
      setFailure(
        error instanceof ApiError
          ? errorMessage(error)
          : error instanceof Error && error.name !== 'TypeError'
            ? error.message
            : 'The photo could not be sent. Check the connection and try again.',
      );
    }
  };

  const useDrawing = () =>
    drawing.mutate(place.name, {
      onSuccess: () =>
        toast({ title: `${place.label}: the drawing is back`, description: 'Every page shows it within seconds.' }),
      onError: (error) => toast({ title: 'Not changed', description: errorMessage(error), variant: 'destructive' }),
    });

  const photo = picture.photo;
  return (
    <article
      id={pictureAnchor(place.name)}
      tabIndex={-1}
      aria-labelledby={`${inputId}-title`}
      className={cn(cardClass, 'scroll-mt-20 p-4 outline-none focus-visible:ring-2 focus-visible:ring-pine-600')}
    >
      <h3 id={`${inputId}-title`} className="font-bold text-pine-900">
        {place.label}
      </h3>
      {chosen ? (
        <div className="mt-2">
          <p className="text-sm text-ink-muted">
            {qr ? 'The QR code as the site will show it:' : 'As the site will crop it:'}
          </p>
          <div style={shape} className="mt-1 w-full overflow-hidden rounded-lg border border-cream-200 bg-white">
            <img
              src={chosen.url}
              alt={`Preview of the new ${place.label} picture`}
              className={cn('h-full w-full', qr ? 'object-contain' : 'object-cover')}
              style={qr ? undefined : { objectPosition: keepPosition[keep] }}
            />
          </div>
          {qr ? null : (
            <fieldset className="mt-3">
              <legend className="text-sm font-semibold text-pine-900">What to keep</legend>
              <div className="mt-1 flex flex-wrap gap-x-4">
                {pictureKeepChoices.map((choice) => (
                  <label key={choice} className="flex min-h-11 items-center gap-2">
                    <input
                      type="radio"
                      name={keepName}
                      value={choice}
                      checked={keep === choice}
                      onChange={() => setKeep(choice)}
                      className="size-5 accent-pine-700"
                    />
                    {keepLabels[choice]}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <Button type="button" onClick={() => void send()} disabled={replace.isPending}>
              <ImageUp aria-hidden="true" />
              {replace.isPending ? 'Preparing the photo…' : 'Use this photo'}
            </Button>
            <Button type="button" variant="outline" onClick={clear} disabled={replace.isPending}>
              Cancel
            </Button>
          </div>
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
        <div className="flex flex-col items-start gap-2">
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
          {photo ? (
            <Button type="button" variant="outline" onClick={useDrawing} disabled={drawing.isPending}>
              <Undo2 aria-hidden="true" />
              Use the drawing
            </Button>
          ) : null}
        </div>
      </div>
    </article>
  );
}

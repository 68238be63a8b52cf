import { Crosshair } from 'lucide-react';
import type { CSSProperties, KeyboardEvent, MouseEvent } from 'react';
import { pictureFrames, pictureRatio, type PicturePlace } from '@shared/content/site-pictures';
import { objectPositionOf, type PictureFocus } from '@shared/schemas/site-pictures';

const arrowSteps: Record<string, [number, number]> = {
  ArrowLeft: [-5, 0],
  ArrowRight: [5, 0],
  ArrowUp: [0, -5],
  ArrowDown: [0, 5],
};
const clamp = (value: number) => Math.min(100, Math.max(0, Math.round(value)));

/**
 * The whole photo he chose, and a mark on the point every crop keeps: a tap moves it there (the
 * arrow keys move it too). The site crops around that point on every page and screen.
 */
export function FocusPicker({
  url,
  label,
  focus,
  onChange,
}: {
  url: string;
  label: string;
  focus: PictureFocus;
  onChange: (focus: PictureFocus) => void;
}) {
  const tap = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    onChange({
      x: clamp(((event.clientX - box.left) / box.width) * 100),
      y: clamp(((event.clientY - box.top) / box.height) * 100),
    });
  };
  const key = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = arrowSteps[event.key];
    if (!step) return;
    event.preventDefault();
    onChange({ x: clamp(focus.x + step[0]), y: clamp(focus.y + step[1]) });
  };
  return (
    <div className="mt-2">
      <p className="text-sm text-ink-muted">Tap what the site must always show (a face, the deck, the door):</p>
      <button
        type="button"
        onClick={tap}
        onKeyDown={key}
        aria-label={`Point to keep in the ${label} photo: ${focus.x}% across, ${focus.y}% down`}
        className="relative mt-1 block w-full cursor-crosshair overflow-hidden rounded-lg border border-cream-200 bg-white focus-visible:ring-2 focus-visible:ring-pine-600 focus-visible:outline-none"
      >
        <img src={url} alt="" className="block h-auto w-full" draggable={false} />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute flex size-9 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white/85 text-rim-700 shadow ring-2 ring-rim-600"
          style={{ left: `${focus.x}%`, top: `${focus.y}%` }}
        >
          <Crosshair className="size-6" />
        </span>
      </button>
    </div>
  );
}

/**
 * Where the picture the server makes (the photo cut to the place's shape around the point) sits
 * in a box of another shape: it covers the box, placed by the same percentages the page's
 * object-position uses, so the preview crops twice exactly as the site does.
 */
function madePictureIn(frameRatio: number, pictureRatio: number, focus: PictureFocus): CSSProperties {
  if (pictureRatio >= frameRatio) {
    const wider = pictureRatio / frameRatio;
    return { top: 0, height: '100%', width: `${wider * 100}%`, left: `${-(wider - 1) * focus.x}%` };
  }
  const taller = frameRatio / pictureRatio;
  return { left: 0, width: '100%', height: `${taller * 100}%`, top: `${-(taller - 1) * focus.y}%` };
}

/** The crops the site makes of the photo, in the boxes it shows it in on a phone and on a computer. */
export function CropPreviews({ url, place, focus }: { url: string; place: PicturePlace; focus: PictureFocus }) {
  return (
    <div className="mt-3 grid grid-cols-[repeat(auto-fit,minmax(8rem,1fr))] items-start gap-3">
      {pictureFrames(place.kind).map((frame) => (
        <figure key={frame.label} className="min-w-0">
          <figcaption className="text-sm font-semibold text-pine-900">{frame.label}</figcaption>
          <div
            style={{ aspectRatio: String(frame.ratio) }}
            className="relative mt-1 w-full overflow-hidden rounded-lg border border-cream-200 bg-white"
          >
            <div className="absolute" style={madePictureIn(frame.ratio, pictureRatio(place.kind), focus)}>
              <img
                src={url}
                alt={`Preview of the new ${place.label} picture ${frame.label.toLowerCase()}`}
                className="h-full w-full object-cover"
                style={{ objectPosition: objectPositionOf(focus) }}
              />
            </div>
          </div>
        </figure>
      ))}
    </div>
  );
}

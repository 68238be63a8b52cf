import { RotateCcw, Undo2 } from 'lucide-react';
import { useState } from 'react';
import type { PicturePlace } from '@shared/content/site-pictures';
import type { OwnerPhoto } from '@shared/schemas/site-pictures';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/lib/use-toast';
import { toastFailure } from '../app/feedback';
import { ownPictureHref, useDrawingAgain, usePutPhotoBack } from './photos-api';

const shownWithin = 'Every page shows it within seconds.';

/** "Use the drawing", asked first: his photo leaves the site but is kept, to put back. */
export function UseDrawingButton({ place }: { place: PicturePlace }) {
  const [asking, setAsking] = useState(false);
  const drawing = useDrawingAgain();
  const useDrawing = () =>
    drawing.mutate(place.name, {
      onSuccess: () => {
        setAsking(false);
        toast({ title: `${place.label}: the drawing is back`, description: shownWithin });
      },
      onError: toastFailure('Not changed'),
    });
  return (
    <>
      <Button type="button" variant="outline" onClick={() => setAsking(true)}>
        <Undo2 aria-hidden="true" />
        Use the drawing
      </Button>
      <Dialog open={asking} onOpenChange={setAsking}>
        <DialogContent role="alertdialog" className="w-[calc(100%-1.5rem)] max-w-md p-5 pt-6">
          <DialogTitle className="pr-10 text-xl">Show the drawing instead of your photo?</DialogTitle>
          <DialogDescription className="mt-2">
            The {place.label} picture on the site goes back to the drawing. Your photo is kept here: you can put it back
            with one tap.
          </DialogDescription>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button type="button" onClick={useDrawing} disabled={drawing.isPending}>
              Use the drawing
            </Button>
            <Button type="button" variant="outline" onClick={() => setAsking(false)}>
              Keep my photo
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** His photo that "Use the drawing" set aside, offered back. */
export function PutPhotoBackButton({ place, photo }: { place: PicturePlace; photo: OwnerPhoto }) {
  const putBack = usePutPhotoBack();
  return (
    <div className="flex items-center gap-2">
      <img
        src={ownPictureHref(photo)}
        alt=""
        className="h-11 w-14 rounded border border-cream-200 object-cover"
        loading="lazy"
      />
      <Button
        type="button"
        variant="outline"
        disabled={putBack.isPending}
        onClick={() =>
          putBack.mutate(place.name, {
            onSuccess: () => toast({ title: `${place.label}: your photo is back`, description: shownWithin }),
            onError: toastFailure('Not changed'),
          })
        }
      >
        <RotateCcw aria-hidden="true" />
        Put my photo back
      </Button>
    </div>
  );
}

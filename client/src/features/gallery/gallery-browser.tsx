import { lazy, useEffect, useRef, useState } from 'react';
import { galleryItems } from '@shared/content/gallery';
import { galleryWith, type PublishedProject } from '@shared/content/site-content';
import { withPictures } from '@shared/content/site-pictures';
import type { GalleryItem, UploadedPhoto } from '@shared/content/types';
import { LoadBoundary } from '@/components/load-boundary';
import { loadWhenIdle } from '@/lib/after-page-load';
import type { GalleryView } from './gallery-dialog';
import { defaultGalleryFilter, type GalleryFilterId } from './gallery-filter';
import { GalleryFilterBar } from './gallery-filter-bar';
import { GalleryGrid } from './gallery-grid';

// The overlay (Radix dialog and tabs) is loaded once the gallery is in and idle, or on the first tap.
const loadDialog = () => import('./gallery-dialog');
const GalleryDialog = lazy(() => loadDialog().then((m) => ({ default: m.GalleryDialog })));

/**
 * The interactive gallery: a sticky filter row, the cards and the project overlay.
 * Its state: the filter, the selected item (or none) and the overlay's view (Before or After).
 * `projects`: the owner's published projects, shown first, newest first; `hideSamples`: without
 * the six samples; `pictures`: the owner's photos in place of the samples' drawings; `items` replaces the
 * whole list (tests).
 */
export function GalleryBrowser({
  projects,
  hideSamples,
  pictures,
  items: given,
}: {
  projects?: readonly PublishedProject[];
  /** The owner took the six sample projects off the site. */
  hideSamples?: boolean;
  pictures?: Readonly<Record<string, UploadedPhoto>>;
  items?: readonly GalleryItem[];
}) {
  const listed = given ?? (projects?.length || hideSamples ? galleryWith(projects ?? [], hideSamples) : galleryItems);
  const items = pictures ? listed.map((item) => withPictures(item, pictures)) : listed;
  const [filter, setFilter] = useState<GalleryFilterId>(defaultGalleryFilter);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [view, setView] = useState<GalleryView>('before');
  // Radix returns focus to a Dialog.Trigger; the cards are not triggers, so we return it ourselves.
  const openedFrom = useRef<HTMLElement | null>(null);
  // Mounted from the first open on, so that later opens and closes animate.
  const [dialogWanted, setDialogWanted] = useState(false);

  useEffect(() => loadWhenIdle(loadDialog), []);

  const selected = items.find((item) => item.id === selectedId) ?? null;

  const open = (item: GalleryItem, trigger: HTMLElement) => {
    openedFrom.current = trigger;
    setView('before');
    setSelectedId(item.id);
    setDialogWanted(true);
  };

  return (
    <>
      {/* Sticks just below the header. */}
      <div className="sticky top-(--header-height) z-30 border-y border-cream-200 bg-cream-50/95 backdrop-blur supports-[backdrop-filter]:bg-cream-50/85">
        {/* Phones show the six chips in two rows of three, so none hides off the edge. */}
        <div className="container-site py-2 sm:py-3">
          <GalleryFilterBar value={filter} onChange={setFilter} />
        </div>
      </div>
      <div className="container-site py-8 sm:py-10">
        <GalleryGrid items={items} filter={filter} onSelect={open} />
      </div>
      {dialogWanted ? (
        <LoadBoundary>
          <GalleryDialog
            item={selected}
            view={view}
            onViewChange={setView}
            onClose={() => setSelectedId(null)}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              openedFrom.current?.focus();
            }}
          />
        </LoadBoundary>
      ) : null}
    </>
  );
}

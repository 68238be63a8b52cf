import { ArrowRight, MapPin } from 'lucide-react';
import type { MouseEvent } from 'react';
import type { GalleryItem } from '@shared/content/types';
import { Picture } from '@/components/ui/picture';
import { filterGalleryItems, type GalleryFilterId } from './gallery-filter';

const noProjectsMessage = 'No projects found for this category.';
const captionClass =
  "text-left text-balance after:absolute after:inset-0 after:content-[''] focus-visible:outline-none";

/**
 * The projects that match the filter, as cards showing the before photo. The caption is a
 * button stretched over the whole card, so the card opens with a click, a tap or Enter.
 */
export function GalleryGrid({
  items,
  filter,
  onSelect,
}: {
  items: readonly GalleryItem[];
  filter: GalleryFilterId;
  onSelect: (item: GalleryItem, trigger: HTMLElement) => void;
}) {
  const visible = filterGalleryItems(items, filter);
  return (
    <>
      <p role="status" className="text-sm font-medium text-ink-muted">
        Showing {visible.length} of {items.length} {items.length === 1 ? 'project' : 'projects'}
      </p>
      {visible.length === 0 ? (
        <div className="mt-6 rounded-2xl border-2 border-dashed border-cream-200 bg-white px-6 py-16 text-center">
          <p className="font-display text-xl font-bold text-pine-900">{noProjectsMessage}</p>
          <p className="mt-2 text-ink-soft">Try another category, or choose All to see every project.</p>
        </div>
      ) : (
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6">
          {visible.map((item, index) => (
            <li key={item.id}>
              {/* The first photo is the first screen's largest picture: fetch it at once, first. */}
              <GalleryCard item={item} onSelect={onSelect} priority={index === 0} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function GalleryCard({
  item,
  onSelect,
  priority,
}: {
  item: GalleryItem;
  onSelect: (item: GalleryItem, trigger: HTMLElement) => void;
  priority: boolean;
}) {
  const hintId = `gallery-hint-${item.id}`;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-cream-200 transition hover:-translate-y-0.5 hover:shadow-lg has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-wood-400">
      <div className="relative overflow-hidden bg-cream-200">
        <Picture
          name={item.beforeImage}
          kind="gallery"
          alt={item.beforeAlt}
          priority={priority}
          sizes="(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw"
          imgClassName="aspect-[4/3] h-auto w-full object-cover transition duration-300 group-hover:scale-[1.03]"
        />
        <span className="absolute top-3 left-3 rounded-md bg-pine-950/85 px-2.5 py-1 text-xs font-bold tracking-[0.12em] text-white uppercase">
          Before
        </span>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-bold tracking-[0.14em] text-rim-600 uppercase">{item.serviceType}</p>
        <h2 className="mt-2 text-xl leading-snug font-bold">
          {item.href ? (
            // An owner's project has a page of its own: a plain link in the HTML (search engines and
            // a page without scripts follow it), which opens the overlay once the gallery is awake.
            <a
              href={item.href}
              aria-describedby={hintId}
              onClick={(event: MouseEvent<HTMLAnchorElement>) => {
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                event.preventDefault();
                onSelect(item, event.currentTarget);
              }}
              className={captionClass}
            >
              {item.caption}
            </a>
          ) : (
            <button
              type="button"
              aria-describedby={hintId}
              onClick={(event: MouseEvent<HTMLButtonElement>) => onSelect(item, event.currentTarget)}
              className={captionClass}
            >
              {item.caption}
            </button>
          )}
        </h2>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-1 pt-4 text-sm">
          <span className="inline-flex items-center gap-1.5 whitespace-nowrap text-ink-muted">
            <MapPin aria-hidden="true" className="size-4 text-wood-600" />
            {item.location}
          </span>
          <span id={hintId} className="inline-flex items-center gap-1 font-semibold whitespace-nowrap text-pine-700">
            View project
            <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
          </span>
        </div>
      </div>
    </article>
  );
}

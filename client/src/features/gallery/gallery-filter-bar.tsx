import { cn } from '@/lib/utils';
import { galleryFilters, type GalleryFilterId } from './gallery-filter';

/** The row of filter chips: toggle buttons, exactly one pressed. */
export function GalleryFilterBar({
  value,
  onChange,
  className,
}: {
  value: GalleryFilterId;
  onChange: (value: GalleryFilterId) => void;
  className?: string;
}) {
  return (
    <div role="group" aria-label="Filter projects by service" className={cn('flex gap-2', className)}>
      {galleryFilters.map((filter) => {
        const pressed = filter.id === value;
        return (
          <button
            key={filter.id}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(filter.id)}
            className={cn(
              'inline-flex min-h-11 shrink-0 items-center rounded-full px-4 text-sm font-semibold transition-colors sm:px-5 sm:text-base',
              pressed
                ? 'bg-pine-800 text-white shadow-sm'
                : 'bg-white text-pine-900 ring-1 ring-cream-200 ring-inset hover:bg-pine-50 hover:ring-pine-200',
            )}
          >
            {filter.label}
          </button>
        );
      })}
    </div>
  );
}

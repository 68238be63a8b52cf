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
    <div
      role="group"
      aria-label="Filter projects by service"
      className={cn('grid grid-cols-3 gap-1.5 sm:flex sm:flex-wrap sm:gap-2', className)}
    >
      {galleryFilters.map((filter) => {
        const pressed = filter.id === value;
        return (
          <button
            key={filter.id}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(filter.id)}
            className={cn(
              'inline-flex min-h-10 shrink-0 items-center justify-center rounded-full px-3 text-sm font-semibold transition-colors sm:min-h-11 sm:px-5 sm:text-base',
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

import type { GalleryItem } from '@shared/content/types';

/**
 * The gallery's filter chips on /gallery, in the order shown. A chip matches a project when the
 * project's service type contains the chip's target text, ignoring case; All has no target.
 */
export const galleryFilters = [
  { id: 'all', label: 'All', target: null },
  { id: 'decks', label: 'Decks', target: 'decks' },
  { id: 'bathroom', label: 'Bathroom', target: 'bathroom remodeling' },
  { id: 'showers', label: 'Showers', target: 'walk-in showers' },
  { id: 'tile', label: 'Tile', target: 'ceramic tile' },
  { id: 'trim', label: 'Trim', target: 'interior trim' },
] as const satisfies readonly { id: string; label: string; target: string | null }[];

type GalleryFilter = (typeof galleryFilters)[number];
export type GalleryFilterId = GalleryFilter['id'];

export const defaultGalleryFilter: GalleryFilterId = 'all';

export function matchesGalleryFilter(item: Pick<GalleryItem, 'serviceType'>, filterId: GalleryFilterId): boolean {
  const target = galleryFilters.find((filter) => filter.id === filterId)?.target ?? null;
  if (target === null) return true;
  return item.serviceType.toLowerCase().includes(target.toLowerCase());
}

export function filterGalleryItems<T extends Pick<GalleryItem, 'serviceType'>>(
  items: readonly T[],
  filterId: GalleryFilterId,
): T[] {
  return items.filter((item) => matchesGalleryFilter(item, filterId));
}

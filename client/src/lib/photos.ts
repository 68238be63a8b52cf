import type { GalleryImage } from '@shared/content/types';
import { useSiteContent } from './site-content';

declare const __PHOTO_NAMES__: readonly string[];

/**
 * The pictures in images/ that are real photos; the others are still the drawn placeholder
 * artwork. Page copy says "photo" only where there is one (read at build time from the file
 * names, see scripts/images/catalog.ts; restart `npm run dev` after adding a photo).
 */
const photos: ReadonlySet<string> = new Set(__PHOTO_NAMES__);

/**
 * True when `name` (e.g. 'gallery/deck-rebuild-before') is a real photo, not a drawing. A photo the
 * owner uploaded (his projects) always is one.
 */
export function isPhoto(name: GalleryImage): boolean {
  return typeof name !== 'string' || photos.has(name);
}

/** True when every one of `names` is a real photo. */
export function allPhotos(names: readonly GalleryImage[]): boolean {
  return names.every(isPhoto);
}

/**
 * isPhoto for the pages rendered now: a drawing the owner put his own photo in place of
 * (/owner/photos, the content's `pictures`) is a photo too.
 */
export function usePhotoCheck(): (name: GalleryImage) => boolean {
  const { pictures } = useSiteContent();
  return (name) => isPhoto(name) || (typeof name === 'string' && name in pictures);
}

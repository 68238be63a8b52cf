import { createSitePictures } from '../../server/services/pictures/site-pictures';
import { centreFocus } from '../../shared/schemas/site-pictures';
import { waitForPageWith, withOwnerDatabase } from './owner-data';

/** The places `putOwnerPhotos` fills: the home page's hero and the Decks page's picture. */
export const benchPhotoPlaces = ['hero/home', 'services/decks'] as const;

/**
 * A 12-megapixel phone photo (4032 x 3024) with detail at every scale, as a real one has: a flat
 * colour would compress to nothing and flatter the figures, pure grain would weigh more than any photo.
 */
async function detailedPhoto(seed: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const grain = await sharp({
    create: {
      width: 4032,
      height: 3024,
      channels: 3,
      background: '#000000',
      noise: { type: 'gaussian', mean: 90 + seed * 30, sigma: 40 },
    },
  })
    .blur(1.2)
    .jpeg({ quality: 90 })
    .toBuffer();
  return sharp(grain).modulate({ saturation: 0.6 }).jpeg({ quality: 90 }).toBuffer();
}

/**
 * Puts the owner's photos in place of the home hero and the Decks picture in the embedded
 * database of `dataDir`, as /owner/photos does (the same pipeline: every width and format, the
 * blur placeholder). Run before the server opens the database.
 */
export async function putOwnerPhotos(dataDir: string): Promise<void> {
  await withOwnerDatabase(dataDir, async (database, images) => {
    const pictures = createSitePictures({ database, images });
    for (const [index, place] of benchPhotoPlaces.entries())
      await pictures.replace(place, await detailedPhoto(index), { focus: centreFocus });
  });
}

/** Waits until the server at `baseUrl` serves the home page with the owner's photo (its pages are rendered). */
export async function waitForOwnerPhotos(baseUrl: string): Promise<void> {
  await waitForPageWith(baseUrl, '/img/projects/', 'the owner’s photos');
}

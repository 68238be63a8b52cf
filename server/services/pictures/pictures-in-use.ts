import { and, isNull } from 'drizzle-orm';
import type { UploadedPhoto } from '@shared/content/types';
import type { Database } from '../../db/client';
import { sitePictures, type SitePictureRow } from '../../db/schema';

/*
 * What the pages, the sweep and the launch list read of the owner's site pictures, without the
 * pipeline (sharp, jsqr) that site-pictures.ts loads.
 */

/** The names of a picture's files in the image store (its variants, its original). */
export function sitePictureFiles(row: Pick<SitePictureRow, 'id' | 'format' | 'widths' | 'original'>): string[] {
  const formats = row.format === 'png' ? ['png'] : ['avif', 'webp', 'jpg'];
  return [row.original, ...row.widths.flatMap((w) => formats.map((format) => `${row.id}-${w}.${format}`))];
}

/** A row as the pages receive it (the snapshot's `pictures`). */
export function pictureOfRow(row: SitePictureRow): UploadedPhoto {
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    widths: row.widths,
    placeholder: row.placeholder,
    ...(row.format === 'png' ? { format: 'png' as const } : { focus: { x: row.focusX, y: row.focusY } }),
  };
}

/** The owner's photos in use, by place: what every page of this content version shows. */
export async function picturesInUse(db: Database): Promise<Record<string, UploadedPhoto>> {
  const rows = await db
    .select()
    .from(sitePictures)
    .where(and(isNull(sitePictures.retiredAt), isNull(sitePictures.setAsideAt)))
    .orderBy(sitePictures.place);
  return Object.fromEntries(rows.map((row) => [row.place, pictureOfRow(row)]));
}

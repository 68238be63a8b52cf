import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { picturePlace, picturePlaces } from '@shared/content/site-pictures';
import { sitePictureMessages, type OwnerPicture, type PictureKeepChoice } from '@shared/schemas/site-pictures';
import type { Database, DatabaseHandle } from '../../db/client';
import { sitePictures } from '../../db/schema';
import { HttpError } from '../errors';
import { bumpContentVersion } from '../site-content/content-version';
import type { SiteImageStore } from '../storage/site-images';
import { makePhotoPicture, makeQrPicture } from './picture-pipeline';
import { pictureOfRow } from './pictures-in-use';
import { oneImageAtATime } from '../storage/image-queue';

/** Any constant: with the place's hash, the advisory lock one place's changes take turns on. */
const placeLock = 43_041;

/**
 * The owner's photos in place of the site's drawn pictures (/owner/photos). A photo is made and
 * stored whole before its row is written; the row and the content version move in one
 * transaction, so every server shows it (or the drawing again) within its content check. The
 * photo it replaces is retired, not deleted: a server still on the previous version may serve it
 * for a few seconds more, and the maintenance sweep deletes it a day later. One picture at a
 * time per server (a 12 MP decode takes ~150 MB).
 */
export function createSitePictures(deps: {
  database: DatabaseHandle;
  images: SiteImageStore;
  onPublicChange?: () => void;
  /** This process's photo queue (each server has its own; a test stands in for a second server). */
  queue?: <T>(job: () => Promise<T>) => Promise<T>;
}) {
  const { database, images } = deps;
  const queue = deps.queue ?? oneImageAtATime;

  async function replace(name: string, input: Buffer, keep: PictureKeepChoice): Promise<OwnerPicture> {
    const place = picturePlace(name);
    if (!place) throw new HttpError(404, sitePictureMessages.unknownPlace);
    const made = place.kind === 'qr' ? await makeQrPicture(input) : await makePhotoPicture(input, place.kind, keep);
    const id = randomUUID();
    const written: string[] = [];
    try {
      for (const file of made.files) {
        await images.put(`${id}${file.suffix}`, file.body, file.contentType);
        written.push(`${id}${file.suffix}`);
      }
      const original = made.files[0]!;
      const row = await database.transaction(async (tx) => {
        await holdPlace(tx, name);
        await retire(tx, name);
        const [inserted] = await tx
          .insert(sitePictures)
          .values({
            id,
            place: name,
            format: made.format,
            keep: place.kind === 'qr' ? 'centre' : keep,
            width: made.width,
            height: made.height,
            widths: made.widths,
            placeholder: made.placeholder,
            original: `${id}${original.suffix}`,
          })
          .returning();
        await bumpContentVersion(tx);
        return inserted!;
      });
      deps.onPublicChange?.();
      return { name, photo: { ...pictureOfRow(row), keep: row.keep } };
    } catch (error) {
      await Promise.all(written.map((file) => images.delete(file).catch(() => undefined)));
      throw error;
    }
  }

  /**
   * Two replacements of one place at once (two servers, or the owner's phone and laptop) take
   * turns: the second retires the first's photo and is the one shown, where it would otherwise
   * miss that row, still being written, and break the one-photo-per-place index.
   */
  async function holdPlace(tx: Database, name: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${placeLock}, hashtext(${name}))`);
  }

  async function retire(tx: Database, name: string): Promise<boolean> {
    const retired = await tx
      .update(sitePictures)
      .set({ retiredAt: sql`now()` })
      .where(and(eq(sitePictures.place, name), isNull(sitePictures.retiredAt)))
      .returning({ id: sitePictures.id });
    return retired.length > 0;
  }

  return {
    /** Every place with the owner's photo in use there, if any. */
    async list(): Promise<OwnerPicture[]> {
      const rows = await database.db.select().from(sitePictures).where(isNull(sitePictures.retiredAt));
      const byPlace = new Map(rows.map((row) => [row.place, row]));
      return picturePlaces.map(({ name }) => {
        const row = byPlace.get(name);
        return { name, photo: row ? { ...pictureOfRow(row), keep: row.keep } : null };
      });
    },

    /** Makes the photo (or QR code) and puts it in place; HttpError 400/404/413/415 with the message to show. */
    replace(name: string, input: Buffer, keep: PictureKeepChoice): Promise<OwnerPicture> {
      return queue(() => replace(name, input, keep));
    },

    /** "Use the drawing": the place shows its drawn picture again. */
    async useDrawing(name: string): Promise<OwnerPicture> {
      if (!picturePlace(name)) throw new HttpError(404, sitePictureMessages.unknownPlace);
      const changed = await database.transaction(async (tx) => {
        await holdPlace(tx, name);
        const retired = await retire(tx, name);
        if (retired) await bumpContentVersion(tx);
        return retired;
      });
      if (changed) deps.onPublicChange?.();
      return { name, photo: null };
    },
  };
}

export type SitePictures = ReturnType<typeof createSitePictures>;

import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { picturePlace, picturePlaces } from '@shared/content/site-pictures';
import {
  isPaymentAppAddress,
  sitePictureMessages,
  type OwnerPhoto,
  type OwnerPicture,
  type PictureFocus,
} from '@shared/schemas/site-pictures';
import type { Database, DatabaseHandle } from '../../db/client';
import { sitePictures, type SitePictureRow } from '../../db/schema';
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
 * for a few seconds more, and the maintenance sweep deletes it a day later. "Use the drawing" only
 * sets his photo aside, so he can put it back. One picture at a time per server (a 12 MP decode
 * takes ~150 MB).
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

  async function replace(name: string, input: Buffer, choice: ReplaceChoice): Promise<OwnerPicture> {
    const place = picturePlace(name);
    if (!place) throw new HttpError(404, sitePictureMessages.unknownPlace);
    const qr = place.kind === 'qr' ? await makeQrPicture(input) : null;
    const made = qr ?? (await makePhotoPicture(input, place.kind, choice.focus));
    const qrText = qr ? qr.text : null;
    // A code that opens anything but a payment app (another site, a script) is shown to him first.
    if (qrText !== null && !isPaymentAppAddress(qrText) && !choice.confirmedQrText?.includes(qrText))
      throw new HttpError(409, sitePictureMessages.qrNotAPaymentApp, { qrText });
    const focus = place.kind === 'qr' ? { x: 50, y: 50 } : choice.focus;
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
            focusX: focus.x,
            focusY: focus.y,
            qrText,
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
      return { name, photo: ownerPhoto(row), setAside: null };
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
    /** Every place with the owner's photo in use there, if any, or the one he set aside. */
    async list(): Promise<OwnerPicture[]> {
      const rows = await database.db.select().from(sitePictures).where(isNull(sitePictures.retiredAt));
      const byPlace = new Map(rows.map((row) => [row.place, row]));
      return picturePlaces.map(({ name }) => pictureOf(name, byPlace.get(name)));
    },

    /**
     * Makes the photo (or QR code) and puts it in place; HttpError 400/404/413/415 with the message
     * to show, 409 with `qrText` for a QR code that opens no payment app until he confirms that text.
     */
    replace(name: string, input: Buffer, choice: ReplaceChoice): Promise<OwnerPicture> {
      return queue(() => replace(name, input, choice));
    },

    /** "Use the drawing": the place shows its drawn picture again; his photo is kept to put back. */
    async useDrawing(name: string): Promise<OwnerPicture> {
      return setAside(name, true);
    },

    /** "Put my photo back": the photo set aside by "Use the drawing" is shown again. */
    async putBack(name: string): Promise<OwnerPicture> {
      return setAside(name, false);
    },
  };

  async function setAside(name: string, aside: boolean): Promise<OwnerPicture> {
    if (!picturePlace(name)) throw new HttpError(404, sitePictureMessages.unknownPlace);
    const { row, changed } = await database.transaction(async (tx) => {
      await holdPlace(tx, name);
      const inPlace = and(eq(sitePictures.place, name), isNull(sitePictures.retiredAt));
      const [moved] = await tx
        .update(sitePictures)
        .set({ setAsideAt: aside ? sql`now()` : null })
        .where(and(inPlace, aside ? isNull(sitePictures.setAsideAt) : isNotNull(sitePictures.setAsideAt)))
        .returning();
      if (moved) {
        await bumpContentVersion(tx);
        return { row: moved, changed: true };
      }
      if (!aside) throw new HttpError(404, sitePictureMessages.nothingToPutBack);
      const [kept] = await tx.select().from(sitePictures).where(inPlace);
      return { row: kept, changed: false };
    });
    if (changed) deps.onPublicChange?.();
    return pictureOf(name, row);
  }
}

export type SitePictures = ReturnType<typeof createSitePictures>;

/** What the owner chose with the photo: the point to keep, and the QR code texts he confirmed. */
export interface ReplaceChoice {
  focus: PictureFocus;
  confirmedQrText?: readonly string[];
}

function ownerPhoto(row: SitePictureRow): OwnerPhoto {
  return { ...pictureOfRow(row), ...(row.qrText === null ? {} : { qrText: row.qrText }) };
}

/** A place as /owner/photos shows it: the row not retired there, in use or set aside. */
function pictureOf(name: string, row: SitePictureRow | undefined): OwnerPicture {
  if (!row) return { name, photo: null, setAside: null };
  return row.setAsideAt
    ? { name, photo: null, setAside: ownerPhoto(row) }
    : { name, photo: ownerPhoto(row), setAside: null };
}

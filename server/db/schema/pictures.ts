import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { zonedTime, createdAt } from './columns';

/**
 * A photo the owner put in place of one of the site's drawn pictures (/owner/photos), already
 * made into its variants in the site's image store under its id: AVIF, WebP and JPEG (`photo`),
 * or lossless PNG for a payment QR code (`png`). The one in use for a place has no `retired_at`
 * nor `set_aside_at`; a retired one is deleted by the maintenance sweep a day later (migration 0016).
 */
export const sitePictures = pgTable(
  'site_pictures',
  {
    id: uuid('id').primaryKey(),
    /** The picture's name in images/, e.g. 'services/decks'. */
    place: text('place').notNull(),
    format: text('format').$type<'photo' | 'png'>().notNull(),
    /** The point every crop keeps, in percent of the width and height (migration 0018). */
    focusX: integer('focus_x').notNull().default(50),
    focusY: integer('focus_y').notNull().default(50),
    /** What a payment QR code says, read when he put it in. */
    qrText: text('qr_text'),
    /** Size of the largest variant. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    widths: jsonb('widths').$type<number[]>().notNull(),
    placeholder: text('placeholder').notNull(),
    /** The cleaned full-size file's name in the image store (a backup must hold it). */
    original: text('original').notNull(),
    createdAt: createdAt(),
    retiredAt: zonedTime('retired_at'),
    /** "Use the drawing": not shown, kept to be put back until another photo takes the place. */
    setAsideAt: zonedTime('set_aside_at'),
  },
  (table) => [
    check('site_pictures_format', sql`${table.format} in ('photo', 'png')`),
    check('site_pictures_focus', sql`${table.focusX} between 0 and 100 and ${table.focusY} between 0 and 100`),
    uniqueIndex('site_pictures_one_in_use')
      .on(table.place)
      .where(sql`${table.retiredAt} is null`),
    index('site_pictures_retired_idx')
      .on(table.retiredAt)
      .where(sql`${table.retiredAt} is not null`),
  ],
);

export type SitePictureRow = typeof sitePictures.$inferSelect;

import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** What of a photo the owner keeps when it is cropped to the picture's shape. */
export const pictureKeeps = ['top', 'centre', 'bottom'] as const;
export type PictureKeep = (typeof pictureKeeps)[number];

/**
 * A photo the owner put in place of one of the site's drawn pictures (/owner/photos), already
 * made into its variants in the site's image store under its id: AVIF, WebP and JPEG (`photo`),
 * or lossless PNG for a payment QR code (`png`). The one in use for a place has no `retired_at`;
 * a retired one is deleted by the maintenance sweep a day later (migration 0016).
 */
export const sitePictures = pgTable(
  'site_pictures',
  {
    id: uuid('id').primaryKey(),
    /** The picture's name in images/, e.g. 'services/decks'. */
    place: text('place').notNull(),
    format: text('format').$type<'photo' | 'png'>().notNull(),
    keep: text('keep').$type<PictureKeep>().notNull(),
    /** Size of the largest variant. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    widths: jsonb('widths').$type<number[]>().notNull(),
    placeholder: text('placeholder').notNull(),
    /** The cleaned full-size file's name in the image store (a backup must hold it). */
    original: text('original').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (table) => [
    check('site_pictures_format', sql`${table.format} in ('photo', 'png')`),
    check('site_pictures_keep', sql`${table.keep} in ('top', 'centre', 'bottom')`),
    uniqueIndex('site_pictures_one_in_use')
      .on(table.place)
      .where(sql`${table.retiredAt} is null`),
    index('site_pictures_retired_idx')
      .on(table.retiredAt)
      .where(sql`${table.retiredAt} is not null`),
  ],
);

export type SitePictureRow = typeof sitePictures.$inferSelect;

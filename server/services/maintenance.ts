import { sql } from 'drizzle-orm';
import { execute, type DatabaseHandle } from '../db/client';
import { isDatabaseUnavailable } from '../db/errors';
import { safeError, type Logger } from '../logger';
import { sitePictureFiles } from './pictures/pictures-in-use';
import { originalName, variantName } from './projects/project-photos';
import { idempotencyWindowHours } from './quote-service';
import type { SiteImageStore } from './storage/site-images';
import { pruneViews } from './visitors/prune-views';
import type { PhotoStorage } from './storage/types';

const formats = ['avif', 'webp', 'jpg'] as const;

export interface MaintenanceOptions {
  database: DatabaseHandle;
  storage: PhotoStorage;
  logger: Logger;
  /** The owner's project photos: those no project refers to are deleted too. */
  siteImages?: SiteImageStore;
  /** VIEW_DATA_DAYS: raw page views older than this many days are deleted (default 90). */
  viewDataDays?: number;
  /** Uploads no request refers to, and project photos no project refers to, after this long are deleted. */
  unclaimedUploadMs?: number;
  intervalMs?: number;
}

export interface SweepResult {
  deletedUploads: number;
  deletedProjectPhotos: number;
  /** The owner's site pictures replaced (or given back to the drawing) a day ago or more. */
  deletedSitePictures: number;
  expiredKeys: number;
  /** Raw page views past VIEW_DATA_DAYS, and the days' salts past their 48 hours. */
  deletedViews: number;
  deletedViewSalts: number;
}

/**
 * Periodic clean-up, in every server process (each batch is claimed with SKIP LOCKED, so
 * instances do not collide): photos uploaded but never sent with a request within 24 hours,
 * project photos the owner uploaded that no project refers to after 24 hours (a form left
 * unsaved, a photo replaced), his photos in place of drawings retired a day ago or more (never one
 * in use: a row without retired_at is never selected), Idempotency-Keys past their 24 hours, rate-limit counters long
 * expired, page views past VIEW_DATA_DAYS and the days' visitor salts past their 48 hours.
 */
export function createMaintenance(options: MaintenanceOptions) {
  const { database, storage, logger, unclaimedUploadMs = 24 * 3_600_000, intervalMs = 10 * 60_000 } = options;
  const { db } = database;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  async function deleteUnclaimedUploads(): Promise<number> {
    let deleted = 0;
    for (;;) {
      const keys = await database.transaction(async (tx) => {
        const due = await execute<{ key: string }>(
          tx,
          sql`
          select key from photo_uploads
           where claimed_at is null and created_at < now() - ${`${unclaimedUploadMs} milliseconds`}::interval
           order by created_at limit 100
             for update skip locked`,
        );
        const batch = due.rows.map((row) => row.key);
        // The photo first, then its row: a failure leaves the row for the next sweep to retry.
        for (const key of batch) await storage.deletePhoto(key);
        if (batch.length > 0) {
          await execute(
            tx,
            sql`delete from photo_uploads where key in (${sql.join(
              batch.map((key) => sql`${key}`),
              sql`, `,
            )})`,
          );
        }
        return batch;
      });
      deleted += keys.length;
      if (keys.length < 100) return deleted;
    }
  }

  async function deleteUnusedProjectPhotos(images: SiteImageStore): Promise<number> {
    let deleted = 0;
    for (;;) {
      const ids = await database.transaction(async (tx) => {
        const due = await execute<{ id: string; widths: number[] }>(
          tx,
          sql`
          select id, widths from project_photos photo
           where created_at < now() - ${`${unclaimedUploadMs} milliseconds`}::interval
             and not exists (select 1 from projects
                              where before_photo_id = photo.id or after_photo_id = photo.id)
           order by created_at limit 100
             for update skip locked`,
        );
        // The files first, then the row: a failure leaves the row for the next sweep to retry.
        for (const { id, widths } of due.rows) {
          const names = [originalName(id), ...widths.flatMap((width) => formats.map((f) => variantName(id, width, f)))];
          for (const name of names) await images.delete(name);
        }
        const batch = due.rows.map((row) => row.id);
        if (batch.length > 0)
          await execute(
            tx,
            sql`delete from project_photos where id in (${sql.join(
              batch.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`,
          );
        return batch;
      });
      deleted += ids.length;
      if (ids.length < 100) return deleted;
    }
  }

  async function deleteRetiredSitePictures(images: SiteImageStore): Promise<number> {
    let deleted = 0;
    for (;;) {
      const ids = await database.transaction(async (tx) => {
        const due = await execute<{ id: string; format: 'photo' | 'png'; widths: number[]; original: string }>(
          tx,
          sql`
          select id, format, widths, original from site_pictures
           where retired_at is not null and retired_at < now() - ${`${unclaimedUploadMs} milliseconds`}::interval
           order by retired_at limit 100
             for update skip locked`,
        );
        // The files first, then the row: a failure leaves the row for the next sweep to retry.
        for (const row of due.rows) for (const name of sitePictureFiles(row)) await images.delete(name);
        const batch = due.rows.map((row) => row.id);
        if (batch.length > 0)
          await execute(
            tx,
            sql`delete from site_pictures where id in (${sql.join(
              batch.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`,
          );
        return batch;
      });
      deleted += ids.length;
      if (ids.length < 100) return deleted;
    }
  }

  async function sweep(): Promise<SweepResult> {
    const deletedUploads = await deleteUnclaimedUploads();
    const deletedProjectPhotos = options.siteImages ? await deleteUnusedProjectPhotos(options.siteImages) : 0;
    const deletedSitePictures = options.siteImages ? await deleteRetiredSitePictures(options.siteImages) : 0;
    const keys = await execute(
      db,
      sql`delete from idempotency_keys where created_at < now() - ${`${idempotencyWindowHours} hours`}::interval`,
    );
    await execute(db, sql`delete from rate_limits where expire < now() - interval '1 hour'`);
    const views = await pruneViews(database, { viewDataDays: options.viewDataDays ?? 90 });
    const result = {
      deletedUploads,
      deletedProjectPhotos,
      deletedSitePictures,
      expiredKeys: keys.count,
      deletedViews: views.views,
      deletedViewSalts: views.salts,
    };
    if (result.deletedUploads > 0) logger.info(result, 'deleted uploads that no request used');
    if (result.deletedProjectPhotos > 0) logger.info(result, 'deleted project photos that no project used');
    if (result.deletedSitePictures > 0) logger.info(result, 'deleted site pictures the owner replaced a day ago');
    return result;
  }

  function schedule(delayMs: number) {
    timer = setTimeout(() => {
      running = sweep()
        .catch((error: unknown) => {
          logger[isDatabaseUnavailable(error) ? 'warn' : 'error'](
            { error: safeError(error) },
            'maintenance sweep failed',
          );
        })
        .finally(() => {
          running = undefined;
          if (timer) schedule(intervalMs);
        });
    }, delayMs);
    timer.unref();
  }

  return {
    sweep,
    /** First sweep a minute after start-up, then every `intervalMs`. */
    start() {
      schedule(60_000);
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}

export type Maintenance = ReturnType<typeof createMaintenance>;

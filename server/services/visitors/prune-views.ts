import { sql } from 'drizzle-orm';
import { arizonaDay } from '@shared/arizona-time';
import { execute, type DatabaseHandle } from '../../db/client';
import { saltLifetimeMs } from './day-salts';

/**
 * The maintenance sweep's part for visitor counts: the raw views and the visitors' days older than
 * VIEW_DATA_DAYS go (the daily roll-ups stay), and the days' salts made 48 hours ago or more.
 */
export async function pruneViews(
  database: DatabaseHandle,
  options: { viewDataDays: number; now?: Date },
): Promise<{ views: number; salts: number }> {
  const now = options.now ?? new Date();
  const firstKept = arizonaDay(new Date(now.getTime() - (options.viewDataDays - 1) * 86_400_000));
  const views = await execute(database.db, sql`delete from page_views where day < ${firstKept}`);
  await execute(database.db, sql`delete from visitor_days where day < ${firstKept}`);
  const before = new Date(now.getTime() - saltLifetimeMs);
  const salts = await execute(database.db, sql`delete from view_salts where created_at <= ${before}`);
  return { views: views.count, salts: salts.count };
}

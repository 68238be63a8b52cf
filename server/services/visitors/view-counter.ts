import { sql } from 'drizzle-orm';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { arizonaDay } from '@shared/arizona-time';
import { clickIdKeys, utmKeys, type Touch } from '@shared/lead-source';
import { sourceOfTouch } from '@shared/lead-source-name';
import { viewsPerMinute, type PageView } from '@shared/schemas/visitors';
import { execute, type DatabaseHandle } from '../../db/client';
import type { ViewTags } from '../../db/schema';
import { createLimiter } from '../rate-limit';
import { createDaySalts } from './day-salts';
import { deviceKind } from './device';

export interface Reader {
  /** The client address (as 'trust proxy' allows): used for the day's key, never stored. */
  address: string;
  /** The browser's User-Agent: used for the key and the device kind, never stored. */
  userAgent: string;
}

/**
 * Counts page views (issue 59). A view stores its day, path, referrer host, campaign tags (a click
 * id only as `yes`), device kind and the day's visitor key; the visitor's day keeps the source of
 * their first view, which every later view of the day is counted under, and the daily roll-ups
 * (view_days, view_pages) take one more, all in one statement. A reader of more than 30 pages a
 * minute is not counted beyond them (a limit of its own, shared in Postgres like the others).
 */
export function createViewCounter(database: DatabaseHandle, options: { clock?: () => Date } = {}) {
  const clock = options.clock ?? (() => new Date());
  const salts = createDaySalts(database);
  const perReader = createLimiter(database, { name: 'page-view', points: viewsPerMinute, durationSeconds: 60 });

  return {
    salts,
    /** 'counted', or 'limited' when this reader has had their 30 pages this minute. */
    async count(view: PageView, reader: Reader): Promise<'counted' | 'limited'> {
      const now = clock();
      const day = arizonaDay(now);
      const key = await salts.visitorKey(day, reader.address, reader.userAgent, now);
      try {
        await perReader.consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return 'limited';
        throw rejection;
      }
      const tags = tagsOf(view);
      const touch: Touch = { at: now.getTime(), ...tags, ...(view.referrer ? { referrer: view.referrer } : {}) };
      const { source } = sourceOfTouch(touch);
      await execute(
        database.db,
        sql`
        with visitor as (
          insert into visitor_days as v (day, visitor_key, source, views) values (${day}, ${key}, ${source}, 1)
          on conflict (day, visitor_key) do update set views = v.views + 1
          returning v.source, (v.xmax = 0) as first_view
        ), by_source as (
          insert into view_days as d (day, source, visitors, views)
          select ${day}, source, case when first_view then 1 else 0 end, 1 from visitor
          on conflict (day, source) do update set visitors = d.visitors + excluded.visitors, views = d.views + 1
        ), by_page as (
          insert into view_pages as p (day, path, views) values (${day}, ${view.path}, 1)
          on conflict (day, path) do update set views = p.views + 1
        )
        insert into page_views (day, viewed_at, path, referrer_host, tags, device, visitor_key, source)
        select ${day}, ${now}, ${view.path}, ${view.referrer ?? null},
               ${Object.keys(tags).length > 0 ? JSON.stringify(tags) : null}::jsonb,
               ${deviceKind(reader.userAgent)}, ${key}, source
          from visitor`,
      );
      return 'counted';
    },
  };
}

export type ViewCounter = ReturnType<typeof createViewCounter>;

/** The campaign tags kept: utm_ values as sent, click ids only as present (their value could name a click). */
function tagsOf(view: PageView): ViewTags {
  const tags: ViewTags = {};
  for (const key of utmKeys) if (view[key]) tags[key] = view[key];
  for (const key of clickIdKeys) if (view[key]) tags[key] = 'yes';
  return tags;
}

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

/** A view as written: the batch's rows, in the order they came. */
interface ViewRow {
  n: number;
  day: string;
  key: string;
  source: string;
  path: string;
  referrer: string | null;
  tags: ViewTags | null;
  device: string;
  at: string;
}

/** Views that come within this long of each other are written together (and answered together). */
export const viewBatchMs = 100;
const maxBatch = 500;

/**
 * Counts page views (issue 59). A view stores its day, path, referrer host, campaign tags (a click
 * id only as `yes`), device kind and the day's visitor key; the visitor's day keeps the source of
 * their first view, which every later view of the day is counted under, and the daily roll-ups
 * (view_days, view_pages) add them up. A reader of more than 30 pages a minute is not counted
 * beyond them (a limit of its own, shared in Postgres like the others).
 *
 * Views are written in batches, one statement for all that came within 100 ms: at hundreds a
 * second, one statement per view queued on the same roll-up rows (a day and a source), and the
 * pages waited behind them. `count` resolves once its view is written, so a beacon is answered
 * after its view is stored.
 */
export function createViewCounter(database: DatabaseHandle, options: { clock?: () => Date } = {}) {
  const clock = options.clock ?? (() => new Date());
  const salts = createDaySalts(database);
  const perReader = createLimiter(database, { name: 'page-view', points: viewsPerMinute, durationSeconds: 60 });
  let queue: { row: ViewRow; written: () => void; failed: (error: unknown) => void }[] = [];
  let timer: NodeJS.Timeout | undefined;
  let next = 0;

  async function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    try {
      await writeViews(
        database,
        batch.map((item) => item.row),
      );
      for (const item of batch) item.written();
    } catch (error) {
      for (const item of batch) item.failed(error);
    }
  }

  function write(row: Omit<ViewRow, 'n'>): Promise<void> {
    return new Promise((written, failed) => {
      queue.push({ row: { ...row, n: (next += 1) }, written, failed });
      if (queue.length >= maxBatch) void flush();
      else timer ??= setTimeout(() => void flush(), viewBatchMs);
    });
  }

  return {
    salts,
    /** 'counted' once the view is written, or 'limited' when this reader has had their 30 pages this minute. */
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
      await write({
        day,
        key,
        source: sourceOfTouch(touch).source,
        path: view.path,
        referrer: view.referrer ?? null,
        tags: Object.keys(tags).length > 0 ? tags : null,
        device: deviceKind(reader.userAgent),
        at: now.toISOString(),
      });
      return 'counted';
    },
  };
}

/**
 * One statement for a batch: each visitor's day (a new one takes the source of its first view in
 * the batch; one already there keeps its own), the roll-ups per day and source (visitors new this
 * batch, views) and per day and page, and the raw views with their visitor's source.
 */
async function writeViews(database: DatabaseHandle, rows: ViewRow[]): Promise<void> {
  await execute(
    database.db,
    sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as t(n int, day date, key text, source text, path text, referrer text, tags jsonb, device text, at timestamptz)
    ), per_visitor as (
      select day, key, (array_agg(source order by n))[1] as source, count(*)::int as views
        from input group by day, key
    ), visitor as (
      insert into visitor_days as v (day, visitor_key, source, views)
      select day, key, source, views from per_visitor order by day, key
      on conflict (day, visitor_key) do update set views = v.views + excluded.views
      returning v.day, v.visitor_key, v.source, (v.xmax = 0) as first_view
    ), by_source as (
      insert into view_days as d (day, source, visitors, views)
      select vi.day, vi.source, (count(*) filter (where vi.first_view))::int, sum(p.views)::int
        from visitor vi join per_visitor p on p.day = vi.day and p.key = vi.visitor_key
       group by vi.day, vi.source order by 1, 2
      on conflict (day, source) do update set visitors = d.visitors + excluded.visitors, views = d.views + excluded.views
    ), by_page as (
      insert into view_pages as p (day, path, views)
      select day, path, count(*)::int from input group by day, path order by 1, 2
      on conflict (day, path) do update set views = p.views + excluded.views
    )
    insert into page_views (day, viewed_at, path, referrer_host, tags, device, visitor_key, source)
    select i.day, i.at, i.path, i.referrer, i.tags, i.device, i.key, vi.source
      from input i join visitor vi on vi.day = i.day and vi.visitor_key = i.key
     order by i.n`,
  );
}

export type ViewCounter = ReturnType<typeof createViewCounter>;

/** The campaign tags kept: utm_ values as sent, click ids only as present (their value could name a click). */
function tagsOf(view: PageView): ViewTags {
  const tags: ViewTags = {};
  for (const key of utmKeys) if (view[key]) tags[key] = view[key];
  for (const key of clickIdKeys) if (view[key]) tags[key] = 'yes';
  return tags;
}

import { sql } from 'drizzle-orm';
import { arizonaOffset, calendarDayPlus } from '@shared/arizona-time';
import { unknownSource } from '@shared/lead-source-name';
import { wonStatuses } from '@shared/schemas/owner-inbox';
import type { Visitors, VisitorSourceRow } from '@shared/schemas/visitors';
import { execute, type DatabaseHandle } from '../../db/client';
import { estimatesBySource } from '../estimates/estimate-results';
import { collectedBySource } from './collected';

/** How many pages the report lists. */
export const topPagesShown = 10;

/**
 * GET /api/owner/visitors: for the Arizona days `from` to `to`, visitors and views per day, the
 * most viewed pages and, per source, visitors → quote requests → estimates sent → won → collected.
 * Read from the daily roll-ups only, so a year reads as fast as a week. Visitors of several days
 * are the sum of each day's (a visitor is known for one day only). The requests, estimates and
 * won jobs are those of the requests made in the period, by the source each is credited to, as
 * the results page counts them.
 */
export function createVisitorsReport(database: DatabaseHandle) {
  const { db } = database;
  return {
    async forDays(from: string, to: string): Promise<Visitors> {
      const end = calendarDayPlus(to, 1);
      const range = {
        start: new Date(`${from}T00:00:00${arizonaOffset}`),
        end: new Date(`${end}T00:00:00${arizonaOffset}`),
      };
      const [perDay, pages, visitors, leads, estimates, collected] = await Promise.all([
        execute<{ day: string; visitors: number; views: number }>(
          db,
          sql`select to_char(day, 'YYYY-MM-DD') as day, sum(visitors)::int as visitors, sum(views)::int as views
                from view_days where day >= ${from} and day < ${end} group by day`,
        ),
        execute<{ path: string; views: number }>(
          db,
          sql`select path, sum(views)::int as views from view_pages where day >= ${from} and day < ${end}
               group by path order by views desc, path limit ${topPagesShown}`,
        ),
        execute<{ source: string; visitors: number }>(
          db,
          sql`select source, sum(visitors)::int as visitors from view_days
               where day >= ${from} and day < ${end} group by source`,
        ),
        execute<{ source: string; quotes: number; won: number }>(
          db,
          sql`select coalesce(s.source, ${unknownSource}) as source, count(*)::int as quotes,
                     (count(*) filter (where coalesce(st.status, 'new') in (${sql.join(
                       wonStatuses.map((name) => sql`${name}`),
                       sql`, `,
                     )})))::int as won
                from quote_requests q
                left join quote_request_states st on st.quote_request_id = q.id
                left join quote_request_sources s on s.quote_request_id = q.id
               where q.created_at >= ${range.start} and q.created_at < ${range.end}
                 and coalesce(st.status, 'new') <> 'spam'
               group by 1`,
        ),
        estimatesBySource(db, range),
        collectedBySource(db, range),
      ]);

      const byDay = new Map(perDay.rows.map((row) => [row.day, row]));
      const days: Visitors['days'] = [];
      for (let day = from; day <= to; day = calendarDayPlus(day, 1)) {
        const row = byDay.get(day);
        days.push({ day, visitors: Number(row?.visitors ?? 0), views: Number(row?.views ?? 0) });
      }
      const names = new Set([...visitors.rows.map((row) => row.source), ...leads.rows.map((row) => row.source)]);
      const sources: VisitorSourceRow[] = [...names].map((source) => {
        const lead = leads.rows.find((row) => row.source === source);
        return {
          source,
          visitors: Number(visitors.rows.find((row) => row.source === source)?.visitors ?? 0),
          quotes: Number(lead?.quotes ?? 0),
          estimates: estimates.of(source).estimatesSent,
          won: Number(lead?.won ?? 0),
          collected: (collected.get(source) ?? 0) / 100,
        };
      });
      sources.sort((a, b) => b.visitors - a.visitors || b.quotes - a.quotes || a.source.localeCompare(b.source));
      return {
        days,
        pages: pages.rows.map((row) => ({ path: row.path, views: Number(row.views) })),
        sources,
      };
    },
  };
}

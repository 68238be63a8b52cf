import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { sourceNames } from '@shared/lead-source-name';
import { isWon, wonStatuses } from '@shared/schemas/owner-inbox';
import { clickIdPattern } from '@shared/lead-source';
import { periodRange, type ResultPeriod } from '@shared/schemas/owner-results';
import type { DatabaseHandle } from '../../db/client';
import { quoteRequests, quoteRequestSources, quoteRequestStates } from '../../db/schema';

/**
 * The conversion action the file reports to: the owner creates one of this name in Google Ads
 * (an "Import" conversion from clicks, docs/owner-guide.md), or the import refuses the rows.
 */
export const conversionName = 'Won job';
export const conversionTimeZone = 'America/Phoenix';

/** `2026-11-20 14:03:09` in Arizona time, which is UTC-7 all year. */
const arizonaSeconds = (date: Date) =>
  new Date(date.getTime() - 7 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * Google Ads offline conversions (GET /api/owner/conversions.csv): the won jobs of a period's
 * requests whose source is a Google ad with its click id (gclid), in the format of Google Ads'
 * import from clicks: the time zone once, then one line per job with the time it was won and its
 * job value. Each line names its click, conversion and time, so importing one twice counts once.
 */
export function createConversions(database: DatabaseHandle) {
  const { db } = database;
  return {
    async googleAdsCsv(period: ResultPeriod, now = new Date()): Promise<string> {
      const range = periodRange(period, now);
      const rows = await db
        .select({
          status: quoteRequestStates.status,
          touches: quoteRequestSources.touches,
          wonAt: quoteRequestStates.wonAt,
          updatedAt: quoteRequestStates.updatedAt,
          jobValue: quoteRequestStates.jobValue,
        })
        .from(quoteRequests)
        .innerJoin(quoteRequestStates, eq(quoteRequestStates.quoteRequestId, quoteRequests.id))
        .innerJoin(quoteRequestSources, eq(quoteRequestSources.quoteRequestId, quoteRequests.id))
        .where(
          and(
            gte(quoteRequests.createdAt, range.start),
            lt(quoteRequests.createdAt, range.end),
            eq(quoteRequestSources.source, sourceNames.googleAds),
            sql`${quoteRequestStates.status} in (${sql.join(
              wonStatuses.map((name) => sql`${name}`),
              sql`, `,
            )})`,
          ),
        )
        .orderBy(quoteRequestStates.wonAt, quoteRequests.createdAt);
      const lines = [
        `Parameters:TimeZone=${conversionTimeZone}`,
        'Google Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency',
      ];
      for (const row of rows) {
        if (!isWon(row.status)) continue;
        // The click the request is credited to (its latest arrival from a link, else its first).
        const gclid = (row.touches.last ?? row.touches.first).gclid;
        // Stored click ids were checked on arrival; checked again, since this file is no spreadsheet's.
        if (!gclid || !clickIdPattern.test(gclid)) continue;
        const value = row.jobValue === null ? '' : String(row.jobValue);
        lines.push([gclid, conversionName, arizonaSeconds(row.wonAt ?? row.updatedAt), value, 'USD'].join(','));
      }
      return `${lines.join('\r\n')}\r\n`;
    },
  };
}

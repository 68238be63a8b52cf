import { sql } from 'drizzle-orm';
import { unknownSource } from '@shared/lead-source-name';
import { ratio } from '@shared/schemas/owner-money';
import type { EstimateResults } from '@shared/schemas/owner-results';
import { execute, type Database } from '../../db/client';

/**
 * Per source, the written estimates of the period's requests: a request counts once however many
 * versions it took (sent: any version sent; approved: one approved), and the days to approve run
 * from its first version sent to the approval. Change orders are papers after the sale: not counted.
 */
export async function estimatesBySource(
  db: Pick<Database, 'execute'>,
  range: { start: Date; end: Date },
): Promise<{ of: (source: string) => EstimateResults; totals: EstimateResults }> {
  const { rows } = await execute<{ source: string; sent: number; approved: number; median_seconds: number | null }>(
    db as Database,
    sql`
    with per_request as (
      select q.id, coalesce(s.source, ${unknownSource}) as source,
             min(e.sent_at) as first_sent, max(e.approved_at) as approved_at
        from estimates e
        join quote_requests q on q.id = e.quote_request_id
        left join quote_request_sources s on s.quote_request_id = q.id
        left join quote_request_states st on st.quote_request_id = q.id
       where e.sent_at is not null and e.kind = 'estimate' and q.created_at >= ${range.start} and q.created_at < ${range.end}
         and coalesce(st.status, 'new') <> 'spam'
       group by 1, 2)
    select source, count(*)::int as sent, count(approved_at)::int as approved,
           percentile_cont(0.5) within group (order by extract(epoch from approved_at - first_sent))
             filter (where approved_at is not null) as median_seconds
      from per_request group by grouping sets ((source), ())`,
  );
  const toResults = (row: (typeof rows)[number] | undefined): EstimateResults => {
    const sent = Number(row?.sent ?? 0);
    const approved = Number(row?.approved ?? 0);
    const median =
      row?.median_seconds === null || row?.median_seconds === undefined ? null : Number(row.median_seconds);
    return {
      estimatesSent: sent,
      estimatesApproved: approved,
      approvalRate: ratio(approved, sent),
      medianDaysToApproval: median === null ? null : Math.round((median / 86_400) * 10) / 10,
    };
  };
  const bySource = new Map(rows.filter((row) => row.source !== null).map((row) => [row.source, row]));
  return {
    of: (source) => toResults(bySource.get(source)),
    totals: toResults(rows.find((row) => row.source === null)),
  };
}

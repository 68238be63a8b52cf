import { sql } from 'drizzle-orm';
import { unknownSource } from '@shared/lead-source-name';
import { execute, type Database } from '../../db/client';

/**
 * Per source, the cents collected on the period's requests: payments recorded on their invoices
 * (not undone, on invoices not voided), whenever they came, so the funnel follows the same
 * requests from the visit to the money. The results' books count payments by the day they came
 * instead (`collectedBySource` in services/invoices/invoice-books.ts).
 */
export async function collectedBySource(db: Database, range: { start: Date; end: Date }): Promise<Map<string, number>> {
  const { rows } = await execute<{ source: string; cents: string }>(
    db,
    sql`select coalesce(s.source, ${unknownSource}) as source, sum(p.amount_cents)::bigint as cents
          from invoice_payments p
          join invoices i on i.id = p.invoice_id
          join quote_requests q on q.id = i.quote_request_id
          left join quote_request_sources s on s.quote_request_id = q.id
         where p.undone_at is null and i.status = 'open'
           and q.created_at >= ${range.start} and q.created_at < ${range.end}
         group by 1`,
  );
  return new Map(rows.map((row) => [row.source, Number(row.cents)]));
}

import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { estimates, quoteRequests } from '../../db/schema';

/** The last sent estimates of any request, to start a new one from (their lines); change orders are not offered. */
export async function pastEstimates(db: Database, limit: number) {
  const rows = await db
    .select({
      id: estimates.id,
      version: estimates.version,
      items: estimates.items,
      sentAt: estimates.sentAt,
      name: quoteRequests.name,
      projectType: quoteRequests.projectType,
    })
    .from(estimates)
    .innerJoin(quoteRequests, eq(quoteRequests.id, estimates.quoteRequestId))
    .where(and(isNotNull(estimates.sentAt), eq(estimates.kind, 'estimate')))
    .orderBy(desc(estimates.sentAt))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    label: `${row.projectType} — ${row.name} (v${row.version})`,
    items: row.items.map((item) => ({
      description: item.description,
      quantity: item.quantityMilli / 1000,
      unitPrice: item.unitPriceCents / 100,
      optional: item.optional,
    })),
  }));
}

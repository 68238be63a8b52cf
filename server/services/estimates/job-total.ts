import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { estimates, type EstimateRow } from '../../db/schema';

export interface ApprovedJob {
  /** The approved estimate (kind 'estimate'); the paper the schedule and change orders refer to. */
  estimate: EstimateRow;
  /** Approved change orders, oldest first. */
  changeOrders: EstimateRow[];
  /** The approved estimate's total with the options she ticked, plus every approved change order, in cents. */
  totalCents: number;
}

/**
 * A request's job after the yes: what was approved and what it now comes to. Null while no
 * estimate is approved. The approved estimate itself never changes; its change orders add to
 * (or, as credits, take from) the total.
 */
export async function approvedJob(db: Database, requestId: string): Promise<ApprovedJob | null> {
  const rows = await db
    .select()
    .from(estimates)
    .where(and(eq(estimates.quoteRequestId, requestId), eq(estimates.status, 'approved')))
    .orderBy(asc(estimates.approvedAt));
  const estimate = rows.find((row) => row.kind === 'estimate');
  if (!estimate) return null;
  const changeOrders = rows.filter((row) => row.kind === 'change-order');
  const totalCents = rows.reduce((sum, row) => sum + (row.approvedTotalCents ?? row.totalCents), 0);
  return { estimate, changeOrders, totalCents };
}

import { asc, eq } from 'drizzle-orm';
import type { FrozenEstimate, OwnerEstimate, ScheduledPart } from '@shared/schemas/estimates';
import { fromStoredSchedule, scheduleAmounts, type SchedulePartStored } from '@shared/schemas/payment-schedule';
import type { Database } from '../../db/client';
import { estimates, type EstimateRow } from '../../db/schema';
import { toOwnerEstimate } from './estimate-records';
import { approvedJob } from './job-total';

/**
 * A request's papers as the owner's app reads them: estimates and their change orders, each
 * titled ("Change order 1 to Estimate 1"), with the payment schedule in dollars on the total it
 * is computed on (the job's total, change orders included, once the estimate is approved).
 */

export function scheduledParts(parts: readonly SchedulePartStored[], totalCents: number): ScheduledPart[] {
  const amounts = scheduleAmounts(parts, totalCents);
  return fromStoredSchedule(parts).map((part, index) => ({ ...part, dollars: (amounts[index] ?? 0) / 100 }));
}

/** A change order's number: 1 for the request's first, counted in the order they were written. */
export function changeOrderNumber(rows: readonly EstimateRow[], row: EstimateRow): number {
  return (
    rows
      .filter((other) => other.kind === 'change-order' && other.version <= row.version)
      .sort((a, b) => a.version - b.version)
      .findIndex((other) => other.id === row.id) + 1
  );
}

/** What the paper is called: "Estimate 2", "Change order 1 to Estimate 2". */
export function titleOf(rows: readonly EstimateRow[], row: EstimateRow): string {
  if (row.kind !== 'change-order') return `Estimate ${row.version}`;
  const of = rows.find((other) => other.id === row.changeOf);
  return `Change order ${changeOrderNumber(rows, row)} to Estimate ${of?.version ?? '?'}`;
}

/** The job's total in cents: the approved estimate's approved total and every approved change order. */
export function jobTotalOf(rows: readonly EstimateRow[]): number | null {
  const approved = rows.filter((row) => row.status === 'approved');
  if (!approved.some((row) => row.kind === 'estimate')) return null;
  return approved.reduce((sum, row) => sum + (row.approvedTotalCents ?? row.totalCents), 0);
}

export function toOwnerPaper(
  rows: readonly EstimateRow[],
  row: EstimateRow,
  siteUrl: string,
  now: Date,
): OwnerEstimate {
  const jobTotal = row.kind === 'estimate' && row.status === 'approved' ? jobTotalOf(rows) : null;
  const schedule = row.frozen?.schedule ?? row.schedule;
  return {
    ...toOwnerEstimate(row, siteUrl, now),
    kind: row.kind,
    title: titleOf(rows, row),
    changeOf: row.changeOf,
    reason: row.changeReason,
    daysAdded: row.daysAdded,
    schedule: scheduledParts(schedule, jobTotal ?? row.totalCents),
    jobTotal: jobTotal === null ? null : jobTotal / 100,
  };
}

export async function papersOf(db: Database, requestId: string): Promise<EstimateRow[]> {
  return db.select().from(estimates).where(eq(estimates.quoteRequestId, requestId)).orderBy(asc(estimates.version));
}

/** One paper for the owner's app, read with the others of its request (its title and the job's total need them). */
export async function ownerPaper(db: Database, row: EstimateRow, siteUrl: string, now: Date): Promise<OwnerEstimate> {
  const rows = await papersOf(db, row.quoteRequestId);
  return toOwnerPaper(rows, rows.find((other) => other.id === row.id) ?? row, siteUrl, now);
}

/** What a draft's preview shows beyond its lines: its schedule, or what the change order changes. */
export async function draftExtras(
  db: Database,
  row: EstimateRow,
): Promise<Pick<FrozenEstimate, 'schedule' | 'changeOrder'>> {
  if (row.kind !== 'change-order') return { schedule: row.schedule };
  const rows = await papersOf(db, row.quoteRequestId);
  const job = await approvedJob(db, row.quoteRequestId);
  return {
    changeOrder: {
      number: changeOrderNumber(rows, row),
      estimateVersion: job?.estimate.version ?? 0,
      reason: row.changeReason ?? '',
      daysAdded: row.daysAdded ?? 0,
      jobTotalBeforeCents: job?.totalCents ?? 0,
    },
  };
}

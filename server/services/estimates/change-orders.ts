import { and, eq } from 'drizzle-orm';
import type { ChangeOrderInputParsed, ChangeOrderPatch } from '@shared/schemas/change-orders';
import {
  estimateTotals,
  formatCents,
  maxTotalCents,
  toMilli,
  type EstimateItemCents,
  type FrozenChangeOrder,
} from '@shared/schemas/estimates';
import type { Database } from '../../db/client';
import { estimates, type EstimateRow } from '../../db/schema';
import { HttpError } from '../errors';
import { linesOf } from './estimate-lines';
import { approvedJob, type ApprovedJob } from './job-total';
import { changeOrderNumber } from './paper-records';

/**
 * Change orders: papers of the estimates table (kind 'change-order') that change the request's
 * approved estimate. Their lines may be credits; the job's running total (the approved estimate
 * and its approved change orders) may not go below zero, checked when one is written, sent and
 * approved (another may have been approved in between).
 */

/** The request's approved job, which a change order must refer to. */
export async function jobToChange(tx: Database, requestId: string, changeOf: string | null): Promise<ApprovedJob> {
  const job = await approvedJob(tx, requestId);
  if (!job)
    throw new HttpError(
      409,
      'This request has no approved estimate yet: a change order changes an approved estimate. Send the estimate and wait for her approval first.',
    );
  if (job.estimate.id !== changeOf)
    throw new HttpError(
      400,
      `A change order must refer to the request’s approved estimate (Estimate ${job.estimate.version}): changeOf is not it.`,
    );
  return job;
}

/** Refuses a change that would take the job's total below zero, or past the largest amount a job holds. */
export function checkRunningTotal(job: ApprovedJob, changeCents: number, status = 400) {
  if (job.totalCents + changeCents > maxTotalCents)
    throw new HttpError(status, 'With this change order the job’s total would be over $10,000,000.');
  if (job.totalCents + changeCents < 0)
    throw new HttpError(
      status,
      `This credit would take the job’s total below $0: the job comes to ${formatCents(job.totalCents)}, and the change order to ${formatCents(changeCents)}.`,
    );
}

export async function insertChangeOrder(
  tx: Database,
  requestId: string,
  input: ChangeOrderInputParsed,
  fixed: { version: number; token: string; validUntil: string },
): Promise<EstimateRow> {
  const job = await jobToChange(tx, requestId, input.changeOf);
  const taxRateMilli = input.taxRate === undefined ? job.estimate.taxRateMilli : toMilli(input.taxRate);
  const items = linesOf(input.items, taxRateMilli);
  const totalCents = estimateTotals(items, taxRateMilli).totalCents;
  checkRunningTotal(job, totalCents);
  const [created] = await tx
    .insert(estimates)
    .values({
      quoteRequestId: requestId,
      kind: 'change-order',
      changeOf: job.estimate.id,
      changeReason: input.reason,
      daysAdded: input.daysAdded ?? 0,
      version: fixed.version,
      token: fixed.token,
      items,
      taxRateMilli,
      address: job.estimate.address,
      notes: input.notes ?? '',
      validUntil: fixed.validUntil,
      totalCents,
    })
    .returning();
  return created!;
}

/** A change order's draft changed: its reason and days, and its new total checked against the job's. */
export async function changeOrderPatched(
  tx: Database,
  before: EstimateRow,
  input: Pick<ChangeOrderPatch, 'reason' | 'daysAdded'>,
  items: EstimateItemCents[],
  taxRateMilli: number,
): Promise<Partial<typeof estimates.$inferInsert>> {
  const job = await jobToChange(tx, before.quoteRequestId, before.changeOf);
  checkRunningTotal(job, estimateTotals(items, taxRateMilli).totalCents);
  return {
    ...(input.reason !== undefined ? { changeReason: input.reason } : {}),
    ...(input.daysAdded !== undefined ? { daysAdded: input.daysAdded } : {}),
  };
}

/** What a change order freezes as it is sent: its number, the estimate it changes, and the job's total before it. */
export async function changeOrderFrozen(
  tx: Database,
  draft: EstimateRow,
  others: readonly EstimateRow[],
): Promise<FrozenChangeOrder> {
  const job = await jobToChange(tx, draft.quoteRequestId, draft.changeOf).catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 400)
      throw new HttpError(409, 'The estimate this change order changes is no longer the approved one.');
    throw error;
  });
  checkRunningTotal(job, draft.totalCents, 409);
  return {
    number: changeOrderNumber([...others, draft], draft),
    estimateVersion: job.estimate.version,
    reason: draft.changeReason ?? '',
    daysAdded: draft.daysAdded ?? 0,
    jobTotalBeforeCents: job.totalCents,
  };
}

/** The approved estimate a change order's approval still needs, and the job's total with it; in the approval's transaction. */
export async function approvedChangeTotal(tx: Database, row: EstimateRow, changeCents: number): Promise<number> {
  const [estimate] = await tx
    .select({ id: estimates.id })
    .from(estimates)
    .where(and(eq(estimates.id, row.changeOf ?? row.id), eq(estimates.status, 'approved')));
  const job = estimate ? await approvedJob(tx, row.quoteRequestId) : null;
  if (!job || job.estimate.id !== row.changeOf)
    throw new HttpError(409, 'The estimate this change order changes is no longer approved: please call us.');
  checkRunningTotal(job, changeCents, 409);
  return job.totalCents + changeCents;
}

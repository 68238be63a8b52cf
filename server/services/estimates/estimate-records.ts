import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { arizonaDay } from '@shared/arizona-time';
import { estimateTotals, type DeclineReason, type EstimateStatus, type OwnerEstimate } from '@shared/schemas/estimates';
import type { Database } from '../../db/client';
import { deliveries, estimates, pushSubscriptions, type EstimateRow } from '../../db/schema';

/** `/estimate/<token>`: 32 random bytes, base64url (43 characters). Nothing in it can be guessed or counted up. */
export const newEstimateToken = () => randomBytes(32).toString('base64url');
export const estimateTokenPattern = /^[A-Za-z0-9_-]{43}$/;
export const estimatePath = (token: string) => `/estimate/${token}`;

/** The last instant of the Arizona day `day` (valid until is inclusive). */
export const endOfArizonaDay = (day: string) => new Date(`${day}T23:59:59.999-07:00`);

/** The Arizona day `days` after `from`. */
export function arizonaDayAfter(from: Date, days: number): string {
  return arizonaDay(new Date(from.getTime() + days * 24 * 3600_000));
}

export const isExpired = (row: Pick<EstimateRow, 'validUntil'>, now: Date) => row.validUntil < arizonaDay(now);

/** What the owner's page calls a version's state now: Draft, Sent, Viewed, Approved, Declined or Expired. */
export function displayStatus(row: EstimateRow, now: Date): EstimateStatus {
  if (row.status === 'draft' || row.status === 'approved' || row.status === 'declined') return row.status;
  if (isExpired(row, now)) return 'expired';
  return row.viewedAt ? 'viewed' : 'sent';
}

/** The total with what the homeowner ticked (the approved total, once approved). */
export function totalWith(row: EstimateRow, ticked: readonly number[]): number {
  const items = row.frozen?.items ?? row.items;
  const taxRateMilli = row.frozen?.taxRateMilli ?? row.taxRateMilli;
  return estimateTotals(items, taxRateMilli, ticked).totalCents;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The fields of one row alone; paper-records.ts adds its title, schedule and the job's total. */
export type OwnerEstimateOfRow = Omit<
  OwnerEstimate,
  'kind' | 'title' | 'changeOf' | 'reason' | 'daysAdded' | 'schedule' | 'jobTotal'
>;

export function toOwnerEstimate(row: EstimateRow, siteUrl: string, now: Date): OwnerEstimateOfRow {
  const items = row.frozen?.items ?? row.items;
  return {
    id: row.id,
    version: row.version,
    status: displayStatus(row, now),
    total: row.totalCents / 100,
    url: `${siteUrl}${estimatePath(row.token)}`,
    items: items.map((item) => ({
      description: item.description,
      quantity: item.quantityMilli / 1000,
      unitPrice: item.unitPriceCents / 100,
      optional: item.optional,
    })),
    taxRate: row.taxRateMilli / 1000,
    address: row.address,
    notes: row.notes,
    validUntil: row.validUntil,
    sentAt: iso(row.sentAt),
    viewedAt: iso(row.viewedAt),
    approvedAt: iso(row.approvedAt),
    approvedName: row.approvedName,
    approvedTotal: row.approvedTotalCents === null ? null : row.approvedTotalCents / 100,
    approvedOptions: row.approvedOptions ?? [],
    declinedAt: iso(row.declinedAt),
    declineReason: (row.declineReason as DeclineReason | null) ?? null,
    declineComment: row.declineComment,
    replacedBy: row.replacedBy,
    contentHash: row.contentHash,
  };
}

export type EstimateEvent = 'sent' | 'viewed' | 'approved' | 'declined' | 'question';

/** The owner's notifications of an estimate event, in the caller's transaction: a push per device, and an e-mail unless it is a view. */
export async function enqueueOwnerNotices(tx: Database, row: EstimateRow, event: EstimateEvent) {
  const devices = await tx.select({ id: pushSubscriptions.id, label: pushSubscriptions.label }).from(pushSubscriptions);
  const base = { quoteRequestId: row.quoteRequestId, estimateId: row.id, estimateEvent: event };
  const rows: (typeof deliveries.$inferInsert)[] = devices.map((device) => ({
    ...base,
    kind: 'estimate_push' as const,
    pushSubscriptionId: device.id,
    deviceLabel: device.label,
  }));
  if (event !== 'viewed') rows.push({ ...base, kind: 'estimate_owner_alert' });
  if (rows.length > 0) await tx.insert(deliveries).values(rows);
}

/**
 * The follow-ups of a request's estimates not sent yet: none once an answer came. A change
 * order's answer withdraws its own only (`onlyOf`): another change order may still be open.
 */
export async function withdrawFollowUps(tx: Database, quoteRequestId: string, onlyOf?: string) {
  const versions = onlyOf
    ? [{ id: onlyOf }]
    : await tx.select({ id: estimates.id }).from(estimates).where(eq(estimates.quoteRequestId, quoteRequestId));
  if (versions.length === 0) return;
  await tx.delete(deliveries).where(
    and(
      inArray(
        deliveries.estimateId,
        versions.map((version) => version.id),
      ),
      eq(deliveries.kind, 'estimate_follow_up'),
      eq(deliveries.status, 'pending'),
    ),
  );
}

/**
 * When each follow-up is due: `days` after sending, those that fall before the end of Valid until.
 */
export function followUpTimes(sentAt: Date, days: readonly number[], validUntil: string): Date[] {
  const end = endOfArizonaDay(validUntil).getTime();
  return days
    .filter((day) => day > 0)
    .map((day) => new Date(sentAt.getTime() + Math.round(day * 24 * 3600_000)))
    .filter((at) => at.getTime() <= end);
}

/** Whether a follow-up of this version still goes (checked again as it is sent: an answer may have come since). */
export function followUpStillDue(row: EstimateRow, now: Date): boolean {
  return row.status === 'sent' && !row.replacedBy && !isExpired(row, now);
}

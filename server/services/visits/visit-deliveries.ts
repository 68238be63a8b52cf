import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deliveries, pushSubscriptions, quoteRequests, type VisitEvent } from '../../db/schema';
import { queueVisitTexts } from '../texts/texts';

/** The reminder goes out this long before the visit (when the visit was booked earlier than that). */
export const visitReminderLeadMs = 24 * 3600_000;

/**
 * The messages of a visit event, in the caller's transaction: the homeowner's e-mail (with the
 * invitation) and the reminder due the day before the visit as it now stands; with `tellOwner`,
 * the owner's e-mail and a push to each of his devices. A change the owner made himself (from
 * the request's page) does not tell him of it again.
 */
export async function enqueueVisitMessages(
  tx: Database,
  options: { requestId: string; event: VisitEvent; start: Date | null; at: Date; tellOwner: boolean },
): Promise<void> {
  const { requestId, event, start, at } = options;
  await tx
    .insert(deliveries)
    .values([
      { quoteRequestId: requestId, kind: 'visit_confirmation', visitEvent: event },
      ...(options.tellOwner
        ? [{ quoteRequestId: requestId, kind: 'visit_owner_alert' as const, visitEvent: event }]
        : []),
    ]);
  const devices = options.tellOwner
    ? await tx.select({ id: pushSubscriptions.id, label: pushSubscriptions.label }).from(pushSubscriptions)
    : [];
  if (devices.length > 0)
    await tx.insert(deliveries).values(
      devices.map((device) => ({
        quoteRequestId: requestId,
        kind: 'visit_push' as const,
        visitEvent: event,
        pushSubscriptionId: device.id,
        deviceLabel: device.label,
      })),
    );
  // One reminder, due the day before the visit as it now stands.
  await tx
    .delete(deliveries)
    .where(
      and(
        eq(deliveries.quoteRequestId, requestId),
        eq(deliveries.kind, 'visit_reminder'),
        eq(deliveries.status, 'pending'),
      ),
    );
  const [request] = await tx
    .select({ phone: quoteRequests.phone })
    .from(quoteRequests)
    .where(eq(quoteRequests.id, requestId));
  // Her texts, when she agreed to them; a change the owner made is his (a cancel says so).
  if (request)
    await queueVisitTexts(tx, {
      requestId,
      phone: request.phone,
      event,
      start,
      at,
      by: options.tellOwner ? 'homeowner' : 'owner',
    });
  const remindAt = start ? new Date(start.getTime() - visitReminderLeadMs) : null;
  if (remindAt && remindAt > at)
    await tx.insert(deliveries).values({
      quoteRequestId: requestId,
      kind: 'visit_reminder',
      visitEvent: 'booked',
      nextAttemptAt: remindAt,
    });
}

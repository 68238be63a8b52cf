import { desc, eq, sql } from 'drizzle-orm';
import { visitShortDay, visitTime } from '@shared/visit-time';
import type { DatabaseHandle } from '../../db/client';
import { deliveries, quoteRequests, visits, type VisitEvent } from '../../db/schema';
import type { AlertSettings, Mailer } from '../alerts/types';
import type { ClaimedDelivery } from '../outbox/outbox-worker';
import type { PushNotificationPayload } from '../push/notification';
import { homeownerVisitMessage, ownerVisitMessage, visitReminderMessage, type VisitForMessage } from './visit-messages';

export const visitMailKinds = ['visit_confirmation', 'visit_owner_alert', 'visit_reminder'] as const;

export interface VisitDispatchOptions {
  database: DatabaseHandle;
  mailer: Mailer;
  settings: AlertSettings;
  /** `/visit/<token>` of a request (visit-service.ts pathFor). */
  pathFor: (requestId: string) => Promise<string>;
  clock?: () => Date;
}

/** The request's visit as it now stands (the booked one, else the last cancelled) and the delivery's event. */
async function loadVisit(
  database: DatabaseHandle,
  delivery: ClaimedDelivery,
): Promise<{ visit: VisitForMessage; event: VisitEvent } | undefined> {
  const { db } = database;
  const [row] = await db
    .select({
      id: visits.id,
      requestId: visits.quoteRequestId,
      name: quoteRequests.name,
      email: quoteRequests.email,
      phone: quoteRequests.phone,
      city: quoteRequests.city,
      projectType: quoteRequests.projectType,
      start: visits.startsAt,
      end: visits.endsAt,
      address: visits.address,
      sequence: visits.sequence,
      status: visits.status,
      cancelledBy: visits.cancelledBy,
      cancelReason: visits.cancelReason,
    })
    .from(visits)
    .innerJoin(quoteRequests, eq(quoteRequests.id, visits.quoteRequestId))
    .where(eq(visits.quoteRequestId, delivery.quoteRequestId))
    .orderBy(sql`${visits.status} = 'booked' desc`, desc(visits.updatedAt))
    .limit(1);
  if (!row) return undefined;
  const [sent] = await db
    .select({ event: deliveries.visitEvent })
    .from(deliveries)
    .where(eq(deliveries.id, delivery.id));
  return { visit: row, event: sent?.event ?? 'booked' };
}

/**
 * Sends the visit's e-mails from the outbox: each is built when it goes, from the visit as it
 * stands then (a move right after a booking sends the new time in both). A reminder of a visit
 * that was cancelled or has started meanwhile is dropped.
 */
export function createVisitMail(options: VisitDispatchOptions) {
  const { database, mailer, settings } = options;
  const now = options.clock ?? (() => new Date());
  return {
    async deliver(delivery: ClaimedDelivery, messageId: string): Promise<void> {
      const loaded = await loadVisit(database, delivery);
      if (!loaded) throw new Error(`Quote request ${delivery.quoteRequestId} has no visit`);
      const { visit, event } = loaded;
      const pageUrl = `${settings.siteUrl}${await options.pathFor(visit.requestId)}`;
      switch (delivery.kind) {
        case 'visit_confirmation':
          await mailer.send({ ...homeownerVisitMessage(visit, event, settings, pageUrl, now()), messageId });
          return;
        case 'visit_owner_alert':
          await mailer.send({ ...ownerVisitMessage(visit, event, settings), messageId });
          return;
        case 'visit_reminder':
          if (visit.status !== 'booked' || visit.start <= now()) return;
          await mailer.send({ ...visitReminderMessage(visit, settings, pageUrl), messageId });
          return;
        default:
          throw new Error(`Not a visit e-mail: ${delivery.kind}`);
      }
    },
  };
}

/** The owner's notification of a visit booked, moved or cancelled (sent by the push dispatch). */
export function visitPushPayload(database: DatabaseHandle) {
  return async (delivery: ClaimedDelivery): Promise<PushNotificationPayload> => {
    const loaded = await loadVisit(database, delivery);
    if (!loaded) throw new Error(`Quote request ${delivery.quoteRequestId} has no visit`);
    const { visit, event } = loaded;
    const verb = event === 'cancelled' ? 'cancelled' : event === 'rescheduled' ? 'moved to' : 'booked';
    return {
      title: `Visit ${verb} ${visitShortDay(visit.start)}, ${visitTime(visit.start)} — ${visit.name}`,
      body: `${visit.projectType} in ${visit.city}. Tap to open the request.`,
      url: `/owner/requests/${visit.requestId}`,
      tag: `visit-${visit.id}`,
    };
  };
}

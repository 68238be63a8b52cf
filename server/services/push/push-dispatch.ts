import type { Agent } from 'node:https';
import { desc, eq } from 'drizzle-orm';
import webPush from 'web-push';
import { defaultPushServiceHosts, isPushServiceEndpoint } from '@shared/push-service-hosts';
import type { DatabaseHandle } from '../../db/client';
import { pushSubscriptions, quoteRequests, reviewRequests, reviews, type DeliveryKind } from '../../db/schema';
import { reviewArrivalPush } from '../reviews/review-arrival';
import type { ClaimedDelivery } from '../outbox/outbox-worker';
import { pushNotification, type PushNotificationPayload } from './notification';
import { textPushPayload } from '../texts/text-push';
import type { VapidKeys } from './vapid-keys';

const pushKinds: readonly DeliveryKind[] = [
  'owner_push',
  'reminder_push',
  'visit_push',
  'estimate_push',
  'review_push',
  'text_push',
];
export const isPushKind = (kind: DeliveryKind) => pushKinds.includes(kind);

/** The device is gone (removed by the owner, or its subscription ended): no retry can deliver it. */
export class PushDeviceGone extends Error {}

export interface PushDispatchOptions {
  database: DatabaseHandle;
  /** The server's VAPID key pair (vapid-keys.ts vapidKeysLoader). */
  keys: () => Promise<VapidKeys>;
  /** The VAPID `sub` claim (vapid-keys.ts vapidSubject). */
  subject: string;
  /** An https.Agent for the push services (tests: one that trusts their certificate). */
  agent?: Agent;
  /** PUSH_SERVICE_HOSTS: a device whose endpoint is elsewhere (stored before the check) gets nothing. */
  pushServiceHosts?: readonly string[];
  timeoutMs?: number;
  /** What a visit push says (server/services/visits/visit-dispatch.ts visitPushPayload). */
  visitPayload?: (delivery: ClaimedDelivery) => Promise<PushNotificationPayload>;
  /** What an estimate push says (server/services/estimates/estimate-dispatch.ts estimatePushPayload). */
  estimatePayload?: (delivery: ClaimedDelivery) => Promise<PushNotificationPayload>;
}

/**
 * Sends one push delivery of the outbox to its device through the device's push service: the
 * payload encrypted for that browser (RFC 8291, aes128gcm) and signed with the server's VAPID key
 * (RFC 8292), both by the `web-push` library. A 404 or 410 means the browser dropped the
 * subscription: the device is removed and the delivery fails for good.
 */
export function createPushDispatch(options: PushDispatchOptions) {
  const { database, keys, subject, agent, timeoutMs = 10_000, pushServiceHosts = defaultPushServiceHosts } = options;
  const { db } = database;

  /** A review arrived: who and how many stars; the notification opens the reviews. */
  async function reviewPayload(quoteRequestId: string) {
    const [row] = await db
      .select({ review: reviews })
      .from(reviews)
      .innerJoin(reviewRequests, eq(reviewRequests.id, reviews.reviewRequestId))
      .where(eq(reviewRequests.quoteRequestId, quoteRequestId))
      .orderBy(desc(reviews.createdAt))
      .limit(1);
    if (!row) throw new Error('The review no longer exists');
    const { id, displayName, stars, body, consent } = row.review;
    return reviewArrivalPush({ displayName, stars, text: body, consent }, id);
  }

  async function deliver(delivery: ClaimedDelivery): Promise<void> {
    const id = delivery.pushSubscriptionId;
    const [device] = id ? await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)) : [];
    if (!device) throw new PushDeviceGone('The device was removed before the push went out');
    if (!isPushServiceEndpoint(device.endpoint, pushServiceHosts)) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      throw new PushDeviceGone(
        'This device’s push address is not a browser’s push service (PUSH_SERVICE_HOSTS): it was removed',
      );
    }
    if (delivery.kind === 'visit_push' && !options.visitPayload) throw new Error('Visit pushes are not set up');
    if (delivery.kind === 'estimate_push' && !options.estimatePayload)
      throw new Error('Estimate pushes are not set up');
    const [quote] = await db
      .select({
        id: quoteRequests.id,
        name: quoteRequests.name,
        projectType: quoteRequests.projectType,
        city: quoteRequests.city,
      })
      .from(quoteRequests)
      .where(eq(quoteRequests.id, delivery.quoteRequestId));
    if (!quote) throw new Error(`Quote request ${delivery.quoteRequestId} no longer exists`);
    const payload =
      delivery.kind === 'review_push'
        ? await reviewPayload(delivery.quoteRequestId)
        : delivery.kind === 'text_push'
          ? await textPushPayload(database, quote)
          : delivery.kind === 'visit_push' && options.visitPayload
            ? await options.visitPayload(delivery)
            : delivery.kind === 'estimate_push' && options.estimatePayload
              ? await options.estimatePayload(delivery)
              : pushNotification(quote, delivery.kind === 'reminder_push' ? delivery.reminderMinutes : null);
    const { publicKey, privateKey } = await keys();
    try {
      await webPush.sendNotification(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject, publicKey, privateKey },
          contentEncoding: 'aes128gcm',
          // A new lead is worth waking the phone for; a push older than a day is news no more.
          urgency: 'high',
          TTL: 24 * 3600,
          // A delivery sent again after a crash between sending and recording it replaces the
          // first at the push service while the phone has not fetched it (RFC 8030, Topic).
          topic: delivery.id.replaceAll('-', ''),
          timeout: timeoutMs,
          ...(agent ? { agent } : {}),
        },
      );
    } catch (error) {
      if (error instanceof webPush.WebPushError) {
        if (error.statusCode === 404 || error.statusCode === 410) {
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
          throw new PushDeviceGone(
            `The push service answered ${error.statusCode}: this device no longer takes notifications and was removed`,
          );
        }
        throw new Error(`The push service answered ${error.statusCode}`, { cause: error });
      }
      throw new Error(`The push service could not be reached: ${errorCode(error)}`, { cause: error });
    }
  }

  return { deliver, isPermanent: (error: unknown) => error instanceof PushDeviceGone };
}

function errorCode(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code === 'string') return code;
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 120);
}

interface Dispatch {
  deliver: (delivery: ClaimedDelivery) => Promise<void>;
  isPermanent: (error: unknown, delivery: ClaimedDelivery) => boolean;
}

/** One outbox sender for everything: pushes to the push dispatch, the rest (e-mail, webhook) to the alerts. */
export function combineDispatch(alerts: Dispatch, push: ReturnType<typeof createPushDispatch>): Dispatch {
  return {
    deliver: (delivery) => (isPushKind(delivery.kind) ? push.deliver(delivery) : alerts.deliver(delivery)),
    isPermanent: (error, delivery) =>
      isPushKind(delivery.kind) ? push.isPermanent(error) : alerts.isPermanent(error, delivery),
  };
}

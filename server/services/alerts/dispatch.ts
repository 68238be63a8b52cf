import { desc, eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';
import { deliveries, quoteRequests, reviewRequests, reviews, type DeliveryKind } from '../../db/schema';
import { reviewArrivalMessage } from '../reviews/review-arrival';
import type { ClaimedDelivery } from '../outbox/outbox-worker';
import { reviewRequestMessage } from '../reviews/review-message';
import type { PhotoStorage } from '../storage/types';
import { isPermanentMailError } from './mailer';
import { confirmationMessage, ownerAlertMessage } from './messages';
import { reminderMessage } from './reminder-message';
import type { AlertPhoto, AlertSettings, Mailer, QuoteForAlert } from './types';
import { sendWebhook, webhookBody } from './webhook';

const homeownerMail: readonly DeliveryKind[] = [
  'confirmation',
  'visit_confirmation',
  'visit_reminder',
  'review_request',
  'review_reminder',
  'estimate_email',
  'estimate_follow_up',
  'estimate_approved_email',
  'invoice_email',
  'invoice_receipt',
  'invoice_reminder',
];

/** Photos up to this size travel with the owner's alert as an attachment; larger ones as a link. */
const maxAttachmentBytes = 3 * 1024 * 1024;

export interface AlertDispatchOptions {
  database: DatabaseHandle;
  storage: PhotoStorage;
  mailer: Mailer;
  settings: AlertSettings;
  /** The site's configured origins, to recognise a request's own photo link. */
  origins: readonly string[];
  webhook?: { url: string; secret?: string };
  /** `/visit/<token>` of a request: the confirmation links its booking page (server/services/visits). */
  visitPathFor?: (requestId: string) => Promise<string>;
  /** Sends the visit's e-mails (server/services/visits/visit-dispatch.ts). */
  visitMail?: { deliver: (delivery: ClaimedDelivery, messageId: string) => Promise<void> };
  /** Sends the estimates' e-mails (server/services/estimates/estimate-dispatch.ts). */
  estimateMail?: { deliver: (delivery: ClaimedDelivery, messageId: string) => Promise<void> };
  /** Sends the invoices' e-mails (server/services/invoices/invoice-dispatch.ts). */
  invoiceMail?: { deliver: (delivery: ClaimedDelivery, messageId: string) => Promise<void> };
}

/** What a stored request sends, in the order written to the outbox (server/services/quote-service.ts). */
export function deliveryKindsFor(options: { webhook: boolean }): DeliveryKind[] {
  // owner_push is written once per device that takes notifications (none: no row).
  return ['owner_alert', 'confirmation', ...(options.webhook ? (['webhook'] as const) : []), 'owner_push'];
}

/**
 * Sends one outbox delivery: loads its request, builds the message and hands it to the mailer or
 * the webhook. Each message carries a Message-ID made from the delivery's id, so should a crash
 * make the outbox send it twice, mail clients see one message.
 */
export function createAlertDispatch(options: AlertDispatchOptions) {
  const { database, storage, mailer, settings } = options;
  const domain = /@([^>\s]+)>?\s*$/.exec(settings.from)?.[1] ?? 'localhost';

  async function loadQuote(id: string): Promise<QuoteForAlert> {
    const [row] = await database.db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
    if (!row) throw new Error(`Quote request ${id} no longer exists`);
    return { ...row, receivedAt: row.createdAt };
  }

  async function photoOf(quote: QuoteForAlert, attach: boolean): Promise<AlertPhoto | undefined> {
    const key = quote.photoUrl ? storage.keyOf(quote.photoUrl, options.origins) : null;
    if (!key) return quote.photoUrl ? { link: quote.photoUrl } : undefined;
    const link = await storage.viewLink(key, settings.siteUrl);
    const bytes = attach ? await storage.readPhoto(key, maxAttachmentBytes).catch(() => null) : null;
    if (!bytes) return { link };
    const extension = bytes.contentType.split('/')[1] ?? 'jpg';
    return {
      link,
      attachment: {
        filename: `photo.${extension === 'jpeg' ? 'jpg' : extension}`,
        contentType: bytes.contentType,
        content: bytes.content,
      },
    };
  }

  async function deliver(delivery: ClaimedDelivery): Promise<void> {
    switch (delivery.kind) {
      case 'estimate_email':
      case 'estimate_follow_up':
      case 'estimate_approved_email':
      case 'estimate_owner_alert':
        if (!options.estimateMail) throw new Error('Estimate e-mails are not set up');
        await options.estimateMail.deliver(delivery, `<${delivery.id}@${domain}>`);
        return;
      case 'invoice_email':
      case 'invoice_receipt':
      case 'invoice_reminder':
        if (!options.invoiceMail) throw new Error('Invoice e-mails are not set up');
        await options.invoiceMail.deliver(delivery, `<${delivery.id}@${domain}>`);
        return;
    }
    const quote = await loadQuote(delivery.quoteRequestId);
    const messageId = `<${delivery.id}@${domain}>`;
    switch (delivery.kind) {
      case 'owner_alert':
        await mailer.send({ ...ownerAlertMessage(quote, settings, await photoOf(quote, true)), messageId });
        return;
      case 'confirmation': {
        const visitLink = options.visitPathFor
          ? `${settings.siteUrl}${await options.visitPathFor(quote.id)}`
          : undefined;
        await mailer.send({ ...confirmationMessage(quote, settings, {}, visitLink), messageId });
        return;
      }
      case 'visit_confirmation':
      case 'visit_owner_alert':
      case 'visit_reminder':
        if (!options.visitMail) throw new Error('Visit e-mails are not set up');
        await options.visitMail.deliver(delivery, messageId);
        return;
      case 'reminder_email':
        await mailer.send({ ...reminderMessage(quote, settings, delivery.reminderMinutes ?? 0), messageId });
        return;
      case 'review_request':
      case 'review_reminder': {
        const [request] = await database.db
          .select({
            token: reviewRequests.token,
            // A click or a review since the reminder was written (it is removed then; this closes the race).
            done: sql<boolean>`${reviewRequests.openedAt} is not null or exists (select 1 from reviews r where r.review_request_id = ${reviewRequests.id})`,
          })
          .from(reviewRequests)
          .where(eq(reviewRequests.quoteRequestId, delivery.quoteRequestId));
        if (!request) throw new Error('The review request no longer exists');
        if (delivery.kind === 'review_reminder' && request.done) {
          await database.db.delete(deliveries).where(eq(deliveries.id, delivery.id));
          return;
        }
        await mailer.send({
          ...reviewRequestMessage(quote, request.token, settings, delivery.kind === 'review_reminder'),
          messageId,
        });
        return;
      }
      case 'review_owner_alert': {
        const [row] = await database.db
          .select({ review: reviews })
          .from(reviews)
          .innerJoin(reviewRequests, eq(reviewRequests.id, reviews.reviewRequestId))
          .where(eq(reviewRequests.quoteRequestId, delivery.quoteRequestId))
          .orderBy(desc(reviews.createdAt))
          .limit(1);
        if (!row) throw new Error('The review no longer exists');
        const { displayName, stars, body, consent } = row.review;
        await mailer.send({
          ...reviewArrivalMessage({ displayName, stars, text: body, consent }, settings),
          messageId,
        });
        return;
      }
      case 'owner_push':
      case 'reminder_push':
      case 'visit_push':
      case 'estimate_push':
      case 'review_push':
        throw new Error('Pushes are sent by the push dispatch (server/services/push)');
      case 'webhook': {
        if (!options.webhook) throw new Error('ALERT_WEBHOOK_URL is no longer set');
        const photo = await photoOf(quote, false);
        await sendWebhook({
          url: options.webhook.url,
          secret: options.webhook.secret,
          body: webhookBody(quote, photo?.link),
          deliveryId: delivery.id,
        });
        return;
      }
    }
  }

  /** Mail to the homeowner at an address their mail server refuses for good is not retried. */
  function isPermanent(error: unknown, delivery: ClaimedDelivery): boolean {
    return homeownerMail.includes(delivery.kind) && isPermanentMailError(error);
  }

  return { deliver, isPermanent };
}

import type { Database, DatabaseHandle } from '../../db/client';
import { eq } from 'drizzle-orm';
import { quoteRequests, type VisitEvent } from '../../db/schema';
import { arizonaDayAt } from './quiet-hours';
import { estimateText, invoiceText, requestText, visitReminderText, visitText } from './text-bodies';
import { createTextIncoming } from './text-incoming';
import { dropWaitingTexts, e164Of, queueText, recordConsent } from './text-queue';
import { createTextSettings, type TextSettings } from './text-settings';
import { createTextSender, type TextSender } from './text-sender';
import type { SecretBox } from '../mail-settings/secret-box';
import type { OutboxDelivery } from '../outbox/outbox-worker';
import { createTextThreads } from './text-thread';

/** What createApp needs for texts (server/index.ts makes it; tests pass their own). */
export interface TextsSetup {
  settings: TextSettings;
  /** TWILIO_API_URL. */
  apiUrl?: string;
  /** A text was written to the outbox: wakes its worker. */
  onQueued?: () => void;
  /** Tests: a fake clock for what arrives. */
  clock?: () => Date;
}

/** The parts of texts the routes use. */
export function createTextParts(database: DatabaseHandle, setup: TextsSetup) {
  return {
    threads: createTextThreads({ database, settings: setup.settings, onQueued: setup.onQueued }),
    incoming: createTextIncoming({ database, settings: setup.settings, onQueued: setup.onQueued, clock: setup.clock }),
  };
}

/** The quote service's texts: her booking link's key loaded before its transaction, then the text in it. */
export function requestTexts(pathFor: (requestId: string) => Promise<string>, siteUrl: string) {
  const anyId = '00000000-0000-4000-8000-000000000000';
  return {
    prepare: async () => void (await pathFor(anyId)),
    queue: async (tx: Database, request: { id: string; name: string; phone: string }) =>
      queueRequestText(tx, { ...request, visitLink: `${siteUrl}${await pathFor(request.id)}` }),
  };
}

/**
 * Her request with Text me about my request ticked, in its own transaction: her consent, and the
 * text at once (held through the night) with her booking link. False when none was written.
 */
export async function queueRequestText(
  tx: Database,
  request: { id: string; name: string; phone: string; visitLink: string | null },
): Promise<boolean> {
  const phone = e164Of(request.phone);
  if (!phone) return false;
  await recordConsent(tx, phone);
  const link = request.visitLink ?? '';
  return queueText(tx, {
    quoteRequestId: request.id,
    phone,
    body: requestText(request.name, link),
    purpose: 'request',
  });
}

/**
 * A visit booked, moved or cancelled (visit-deliveries.ts, in its transaction): her text about it,
 * and the reminder the day before (sent at VISIT_TEXT_REMINDER_HOUR: text-sender.ts), only to a
 * number that agreed to texts. The reminder of the visit as it stood before is dropped.
 */
export async function queueVisitTexts(
  tx: Database,
  visit: {
    requestId: string;
    phone: string;
    event: VisitEvent;
    start: Date | null;
    at: Date;
    by: 'owner' | 'homeowner';
  },
): Promise<void> {
  const phone = e164Of(visit.phone);
  if (!phone) return;
  await dropWaitingTexts(tx, visit.requestId, ['visit_reminder']);
  const sent = await queueText(tx, {
    quoteRequestId: visit.requestId,
    phone,
    body: visitText(visit.event, visit.start, visit.by),
    purpose: 'visit',
  });
  if (!sent || !visit.start || visit.event === 'cancelled') return;
  // Due from 8 AM the day before; the sender holds it for the reminder hour.
  const dayBefore = new Date(visit.start.getTime() - 24 * 3600_000);
  // Booked on the day before or later: the booking's own text is reminder enough.
  if (arizonaDayAt(dayBefore, 8) <= visit.at) return;
  await queueText(tx, {
    quoteRequestId: visit.requestId,
    phone,
    body: visitReminderText(visit.start),
    purpose: 'visit_reminder',
    dueAt: arizonaDayAt(dayBefore, 8),
    visitStartsAt: visit.start,
  });
}

const paperOf = (estimate: { changeOrder?: boolean }) => (estimate.changeOrder ? 'change order' : 'written estimate');

/** An estimate or a change order sent (estimate-service.ts, in its transaction): her text with its link, and one per follow-up. */
export async function queueEstimateTexts(
  tx: Database,
  estimate: {
    requestId: string;
    estimateId: string;
    at: Date;
    followUps: Date[];
    link: string;
    changeOrder?: boolean;
  },
): Promise<void> {
  const [request] = await tx
    .select({ phone: quoteRequests.phone })
    .from(quoteRequests)
    .where(eq(quoteRequests.id, estimate.requestId));
  const phone = request && e164Of(request.phone);
  if (!phone) return;
  const common = { quoteRequestId: estimate.requestId, phone, estimateId: estimate.estimateId };
  if (
    !(await queueText(tx, {
      ...common,
      body: estimateText(estimate.link, false, paperOf(estimate)),
      purpose: 'estimate',
      dueAt: estimate.at,
    }))
  )
    return;
  for (const due of estimate.followUps)
    await queueText(tx, {
      ...common,
      body: estimateText(estimate.link, true, paperOf(estimate)),
      purpose: 'estimate_follow_up',
      dueAt: due,
    });
}

/** An invoice sent for the first time (invoice-service.ts, in its transaction): her text with its link. */
export async function queueInvoiceText(
  tx: Database,
  invoice: { requestId: string; number: string; amount: string; dueDay: string; link: string },
): Promise<void> {
  const [request] = await tx
    .select({ phone: quoteRequests.phone })
    .from(quoteRequests)
    .where(eq(quoteRequests.id, invoice.requestId));
  const phone = request && e164Of(request.phone);
  if (!phone) return;
  await queueText(tx, { quoteRequestId: invoice.requestId, phone, body: invoiceText(invoice), purpose: 'invoice' });
}

/** Texts as server/index.ts sets them up from the environment: the settings, and the outbox's sender of kind 'text'. */
export function textsOfEnv(
  database: DatabaseHandle,
  box: SecretBox,
  env: {
    TWILIO_ACCOUNT_SID?: string;
    TWILIO_AUTH_TOKEN?: string;
    TWILIO_FROM?: string;
    TWILIO_API_URL: string;
    VISIT_TEXT_REMINDER_HOUR: number;
  },
  siteUrl: string,
) {
  const settings = createTextSettings({
    database,
    box,
    server: { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, sender: env.TWILIO_FROM },
  });
  const sender = createTextSender({
    database,
    settings,
    apiUrl: env.TWILIO_API_URL,
    siteUrl,
    reminderHour: env.VISIT_TEXT_REMINDER_HOUR,
  });
  return { settings, sender, apiUrl: env.TWILIO_API_URL };
}

/** The outbox's sender with texts (kind 'text') taken by the text sender. */
export function withTexts<D extends { kind: string }>(
  dispatch: { deliver: (delivery: D) => Promise<void>; isPermanent: (error: unknown, delivery: D) => boolean },
  texts: TextSender,
) {
  return {
    deliver: (delivery: D) =>
      delivery.kind === 'text' ? texts.deliver(delivery as unknown as OutboxDelivery) : dispatch.deliver(delivery),
    isPermanent: (error: unknown, delivery: D) =>
      delivery.kind === 'text' ? texts.isPermanent(error) : dispatch.isPermanent(error, delivery),
  };
}

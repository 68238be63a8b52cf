import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';
import { estimates, textMessages, textNumbers, visits } from '../../db/schema';
import { followUpStillDue } from '../estimates/estimate-records';
import { DeliveryDeferred, type OutboxDelivery } from '../outbox/outbox-worker';
import { arizonaDayAt, arizonaHour, quietFromHour, quietUntilHour, sendableAt } from './quiet-hours';
import { recordStop } from './text-queue';
import type { TextSettings } from './text-settings';
import { permanentTwilioCodes, sendWithTwilio, twilioCode, twilioErrorInWords } from './twilio-client';

export interface TextSenderOptions {
  database: DatabaseHandle;
  settings: TextSettings;
  /** TWILIO_API_URL. */
  apiUrl?: string;
  /** Twilio posts each text's delivery status to SITE_URL/api/twilio/status. */
  siteUrl: string;
  /** VISIT_TEXT_REMINDER_HOUR: the reminder goes the day before at this hour (Arizona). */
  reminderHour?: number;
  clock?: () => Date;
}

const heldPurposes = new Set(['request', 'visit', 'visit_reminder', 'estimate', 'estimate_follow_up', 'invoice']);

/**
 * Sends the outbox's texts (kind 'text'), each from its row on the thread. The site's own texts
 * wait through the night (8 PM to 8 AM Arizona), a reminder for its hour the day before; a number
 * that replied STOP since gets nothing; Twilio refusing for a while (an outage, a wrong token
 * being fixed) is retried as e-mail is.
 */
export function createTextSender(options: TextSenderOptions) {
  const { database, settings } = options;
  const now = options.clock ?? (() => new Date());
  const reminderHour = options.reminderHour ?? 9;

  async function deliver(delivery: OutboxDelivery): Promise<void> {
    const { db } = database;
    const [text] = await db.select().from(textMessages).where(eq(textMessages.deliveryId, delivery.id)).limit(1);
    if (!text) return;
    const at = now();
    if (heldPurposes.has(text.purpose)) {
      const hour = arizonaHour(at);
      if (hour >= quietFromHour || hour < quietUntilHour) throw new DeliveryDeferred(sendableAt(at));
      if (text.purpose === 'visit_reminder' && text.visitStartsAt) {
        const due = arizonaDayAt(new Date(text.visitStartsAt.getTime() - 24 * 3600_000), reminderHour);
        if (at < due) throw new DeliveryDeferred(due);
      }
    }
    const fail = (error: string) =>
      db.update(textMessages).set({ status: 'failed', error }).where(eq(textMessages.id, text.id));
    if (text.purpose === 'estimate_follow_up' && text.estimateId) {
      const [estimate] = await db.select().from(estimates).where(eq(estimates.id, text.estimateId));
      if (!estimate || !followUpStillDue(estimate, at)) {
        await db.delete(textMessages).where(eq(textMessages.id, text.id));
        return;
      }
    }
    if (text.purpose === 'visit_reminder' && text.quoteRequestId) {
      const [visit] = await db.select().from(visits).where(eq(visits.quoteRequestId, text.quoteRequestId));
      if (!visit || visit.status !== 'booked' || visit.confirmed) {
        await db.delete(textMessages).where(eq(textMessages.id, text.id));
        return;
      }
    }
    // Read here, not when written: a STOP in between wins.
    const [number] = await db.select().from(textNumbers).where(eq(textNumbers.phone, text.phone));
    if (number?.stoppedAt && text.purpose !== 'help') {
      await fail('Not sent: she replied STOP.');
      return;
    }
    const route = await settings.route();
    if (route.source === 'none') {
      // Texts were turned off since: nothing goes, and nothing waits.
      await fail('Not sent: text messages are not set up.');
      return;
    }
    if (route.source === 'unreadable')
      throw new Error(
        'The saved Twilio auth token was sealed on another server: type it again in Settings, Text messages.',
      );
    try {
      const sent = await sendWithTwilio(
        route.account,
        { to: text.phone, body: text.body, statusCallback: `${options.siteUrl}/api/twilio/status` },
        options.apiUrl,
      );
      await db
        .update(textMessages)
        .set({ status: 'sent', twilioSid: sent.sid, error: null })
        .where(eq(textMessages.id, text.id));
    } catch (error) {
      const words = twilioErrorInWords(error);
      if (twilioCode(error) === 21610) await recordStop(db, text.phone, true, at);
      if (isPermanent(error)) await fail(words);
      else await db.update(textMessages).set({ error: words }).where(eq(textMessages.id, text.id));
      throw new Error(words);
    }
  }

  function isPermanent(error: unknown): boolean {
    const code = twilioCode(error) ?? Number(/error (\d+)/.exec(String(error))?.[1]);
    return permanentTwilioCodes.has(code) || /replied STOP|cannot receive texts/.test(String(error));
  }

  return { deliver, isPermanent };
}

export type TextSender = ReturnType<typeof createTextSender>;

import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { business } from '@shared/content/business';
import type { DatabaseHandle } from '../../db/client';
import { quoteRequests, textMessages, visits } from '../../db/schema';
import { enqueuePushes } from '../push/devices';
import { savedBusinessDetails } from '../settings/site-settings';
import { helpText, visitConfirmedText } from './text-bodies';
import { e164Of, queueText, recordConsent, recordStop } from './text-queue';
import type { TextSettings } from './text-settings';
import { carrierReason } from './twilio-client';

/** The words carriers and Twilio treat as opting out and back in (Twilio answers STOP and START itself). */
const stopWords = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const startWords = new Set(['START', 'UNSTOP', 'YES']);
const helpWords = new Set(['HELP', 'INFO']);

/** The last ten digits of a phone as typed: a request's number as she typed it matches her E.164. */
const tenDigits = (column: unknown) => sql`right(regexp_replace(${column}, '[^0-9]', '', 'g'), 10)`;

export interface IncomingText {
  from: string;
  body: string;
  sid: string;
}

/**
 * What Twilio posts: her texts and the delivery status of ours (routes/twilio.ts checks the
 * signature first). STOP and its kin stop every text to the number at once; START resumes; HELP
 * answers with the business's name and phone; C confirms her visit; anything else lands on her
 * request (or, from a number with no request, on a thread of its own), waits for the owner and
 * tells his phone.
 */
export function createTextIncoming(deps: {
  database: DatabaseHandle;
  settings: TextSettings;
  onQueued?: () => void;
  clock?: () => Date;
}) {
  const { database } = deps;
  const now = deps.clock ?? (() => new Date());

  /** The auth token Twilio signs with: the account in use (none: every post is refused). */
  async function authToken(): Promise<string | null> {
    const route = await deps.settings.route();
    return 'account' in route ? route.account.authToken : null;
  }

  async function receive(incoming: IncomingText): Promise<void> {
    const phone = e164Of(incoming.from) ?? incoming.from;
    const word = incoming.body
      .trim()
      .toUpperCase()
      .replace(/[.!]+$/, '');
    const at = now();
    let queued = false;
    await database.transaction(async (tx) => {
      // Twilio posts again when it got no answer in time: one row per message.
      const [seen] = await tx
        .select({ id: textMessages.id })
        .from(textMessages)
        .where(eq(textMessages.twilioSid, incoming.sid));
      if (seen) return;
      const [request] = await tx
        .select({ id: quoteRequests.id })
        .from(quoteRequests)
        .where(sql`${tenDigits(quoteRequests.phone)} = ${phone.replace(/\D/g, '').slice(-10)}`)
        .orderBy(desc(quoteRequests.createdAt))
        .limit(1);
      const quoteRequestId = request?.id ?? null;
      const keyword = stopWords.has(word) || startWords.has(word) || helpWords.has(word);
      let answered = keyword;
      if (stopWords.has(word)) await recordStop(tx, phone, true, at);
      else if (startWords.has(word)) await recordStop(tx, phone, false, at);
      else await recordConsent(tx, phone, at);
      if (helpWords.has(word)) {
        const saved = await savedBusinessDetails(tx);
        queued = await queueText(tx, {
          quoteRequestId,
          phone,
          body: helpText(saved?.phoneDisplay ?? business.phoneDisplay),
          purpose: 'help',
        });
      }
      if (word === 'C' && quoteRequestId) {
        const [visit] = await tx
          .update(visits)
          .set({ confirmed: true, updatedAt: at })
          .where(and(eq(visits.quoteRequestId, quoteRequestId), eq(visits.status, 'booked'), gt(visits.startsAt, at)))
          .returning();
        if (visit) {
          answered = true;
          queued = await queueText(tx, {
            quoteRequestId,
            phone,
            body: visitConfirmedText(visit.startsAt),
            purpose: 'visit_confirmed',
          });
        }
      }
      await tx.insert(textMessages).values({
        quoteRequestId,
        phone,
        direction: 'in',
        body: incoming.body.slice(0, 1600),
        purpose: 'homeowner',
        status: 'received',
        twilioSid: incoming.sid,
        answeredAt: answered ? at : null,
        createdAt: at,
      });
      if (!answered && quoteRequestId && (await enqueuePushes(tx, quoteRequestId, 'text_push')) > 0) queued = true;
    });
    if (queued) deps.onQueued?.();
  }

  /** Twilio's delivery status of one of ours: sent, delivered, failed or undelivered, with the carrier's reason. */
  async function status(update: { sid: string; status: string; errorCode?: string }): Promise<void> {
    const known = ['queued', 'sending', 'sent', 'delivered', 'failed', 'undelivered'];
    if (!known.includes(update.status)) return;
    const reason = carrierReason(update.errorCode);
    await database.db
      .update(textMessages)
      .set({
        status: update.status === 'sending' ? 'sent' : update.status,
        ...(reason ? { error: `${reason[0]!.toUpperCase()}${reason.slice(1)}.` } : {}),
      })
      // A late "sent" never undoes a "delivered".
      .where(
        and(
          eq(textMessages.twilioSid, update.sid),
          eq(textMessages.direction, 'out'),
          sql`${textMessages.status} not in ('delivered', 'failed', 'undelivered')`,
        ),
      );
  }

  return { authToken, receive, status };
}

export type TextIncoming = ReturnType<typeof createTextIncoming>;

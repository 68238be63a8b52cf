import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { usPhone } from '@shared/schemas/business-details';
import { quoteRequestSchema, storedQuoteFields } from '@shared/schemas/quote-request';
import type { ThreadText } from '@shared/schemas/text-settings';
import type { Database, DatabaseHandle } from '../../db/client';
import {
  deliveries,
  quoteRequestEvents,
  quoteRequests,
  quoteRequestStates,
  textMessages,
  type TextMessageRow,
} from '../../db/schema';
import { HttpError } from '../errors';
import { e164Of, queueText, textPermission } from './text-queue';
import type { TextSettings } from './text-settings';

/** Her texts on the request are answered (he texted back, or marked them answered): it stops waiting for him. */
export async function answerTexts(
  db: Database,
  quoteRequestId: string | null,
  at: Date,
  phone?: string,
): Promise<void> {
  await db
    .update(textMessages)
    .set({ answeredAt: at })
    .where(
      and(
        quoteRequestId ? eq(textMessages.quoteRequestId, quoteRequestId) : eq(textMessages.phone, phone ?? ''),
        quoteRequestId ? undefined : isNull(textMessages.quoteRequestId),
        eq(textMessages.direction, 'in'),
        isNull(textMessages.answeredAt),
      ),
    );
}

const deliveryFailed = sql<boolean>`exists (select 1 from ${deliveries} d where d.id = ${textMessages.deliveryId} and d.status = 'failed')`;
/** A text still waiting to go: when it is due (the night's quiet, a reminder's day); null once it went. */
const dueAt = sql<string | null>`(select d.next_attempt_at from ${deliveries} d
  where d.id = ${textMessages.deliveryId} and d.status = 'pending' and d.next_attempt_at > now())`;

function threadText(row: TextMessageRow & { failed: boolean; due?: string | Date | null }): ThreadText {
  // A text the outbox gave up on failed with the reason of its last try.
  const status = row.failed && row.status === 'queued' ? 'failed' : row.status;
  const due = row.due ? new Date(row.due) : null;
  return {
    id: row.id,
    direction: row.direction,
    body: row.body,
    status: due && status === 'queued' ? 'scheduled' : status,
    error: row.error,
    at: (due && status === 'queued' ? due : row.createdAt).toISOString(),
    ...(row.direction === 'in' ? { waiting: row.answeredAt === null } : {}),
  };
}

/** The texts of a request as a phone shows them: in the order they went (one still waiting, when it will go). */
export async function requestThread(db: Database, quoteRequestId: string): Promise<ThreadText[]> {
  const rows = await db
    .select({ row: textMessages, failed: deliveryFailed, due: dueAt })
    .from(textMessages)
    .where(eq(textMessages.quoteRequestId, quoteRequestId))
    .orderBy(asc(textMessages.createdAt));
  return rows
    .map(({ row, failed, due }) => threadText({ ...row, failed, due }))
    .sort((a, b) => a.at.localeCompare(b.at));
}

export interface NumberThread {
  phone: string;
  texts: ThreadText[];
  /** Her latest text still waits for an answer. */
  waiting: boolean;
  lastAt: string;
}

/**
 * The owner's texts from his app: to her request's number, from the business number, at once
 * (his own, so no quiet hours), and only to a number that agreed to texts or texted first.
 */
export function createTextThreads(deps: { database: DatabaseHandle; settings: TextSettings; onQueued?: () => void }) {
  const { database } = deps;

  async function refuseUnlessSetUp() {
    if ((await deps.settings.route()).source === 'none')
      throw new HttpError(409, 'Set up text messages in Settings first: your Twilio account and number.');
  }

  async function refuseUnlessSendable(tx: Database, phone: string) {
    const permission = await textPermission(tx, phone);
    if (permission === 'stopped')
      throw new HttpError(409, 'She replied STOP, so no text can go to her number until she replies START.');
    if (permission === 'no-consent')
      throw new HttpError(409, 'She did not ask for texts on her request. Call or e-mail her instead.');
  }

  async function sendOnRequest(quoteRequestId: string, body: string, at = new Date()): Promise<ThreadText | null> {
    await refuseUnlessSetUp();
    const text = await database.transaction(async (tx) => {
      const [request] = await tx.select().from(quoteRequests).where(eq(quoteRequests.id, quoteRequestId));
      if (!request) return null;
      const phone = e164Of(request.phone);
      if (!phone) throw new HttpError(409, 'Her phone number is not a US mobile number that can take texts.');
      await refuseUnlessSendable(tx, phone);
      await queueText(tx, { quoteRequestId, phone, body, purpose: 'owner' });
      await answerTexts(tx, quoteRequestId, at);
      // A text he sends is an answer, as a call is: the speed-to-lead clock stops at the first.
      const [first] = await tx
        .update(quoteRequestStates)
        .set({ firstAnsweredAt: at, firstAnsweredVia: 'text' })
        .where(and(eq(quoteRequestStates.quoteRequestId, quoteRequestId), isNull(quoteRequestStates.firstAnsweredAt)))
        .returning({ id: quoteRequestStates.quoteRequestId });
      if (first) await tx.insert(quoteRequestEvents).values({ quoteRequestId, at, kind: 'answer', via: 'text' });
      const [row] = await tx
        .select({ row: textMessages, failed: deliveryFailed })
        .from(textMessages)
        .where(and(eq(textMessages.quoteRequestId, quoteRequestId), eq(textMessages.direction, 'out')))
        .orderBy(desc(textMessages.createdAt))
        .limit(1);
      return threadText({ ...row!.row, failed: row!.failed });
    });
    if (text) deps.onQueued?.();
    return text;
  }

  /** The "Texts" of the inbox: numbers with no request that texted the business, newest first. */
  async function numberThreads(): Promise<NumberThread[]> {
    const rows = await database.db
      .select({ row: textMessages, failed: deliveryFailed })
      .from(textMessages)
      .where(isNull(textMessages.quoteRequestId))
      .orderBy(asc(textMessages.createdAt));
    const byPhone = new Map<string, NumberThread>();
    for (const { row, failed } of rows) {
      const thread = byPhone.get(row.phone) ?? { phone: row.phone, texts: [], waiting: false, lastAt: '' };
      thread.texts.push(threadText({ ...row, failed }));
      thread.lastAt = row.createdAt.toISOString();
      thread.waiting = row.direction === 'in' && row.answeredAt === null;
      byPhone.set(row.phone, thread);
    }
    return [...byPhone.values()].sort((a, b) => b.lastAt.localeCompare(a.lastAt));
  }

  async function sendToNumber(phone: string, body: string, at = new Date()): Promise<ThreadText | null> {
    await refuseUnlessSetUp();
    const text = await database.transaction(async (tx) => {
      const [known] = await tx
        .select({ id: textMessages.id })
        .from(textMessages)
        .where(and(eq(textMessages.phone, phone), isNull(textMessages.quoteRequestId)))
        .limit(1);
      if (!known) return null;
      await refuseUnlessSendable(tx, phone);
      await queueText(tx, { quoteRequestId: null, phone, body, purpose: 'owner' });
      await answerTexts(tx, null, at, phone);
      const [row] = await tx
        .select({ row: textMessages, failed: deliveryFailed })
        .from(textMessages)
        .where(
          and(eq(textMessages.phone, phone), isNull(textMessages.quoteRequestId), eq(textMessages.direction, 'out')),
        )
        .orderBy(desc(textMessages.createdAt))
        .limit(1);
      return threadText({ ...row!.row, failed: row!.failed });
    });
    if (text) deps.onQueued?.();
    return text;
  }

  /**
   * A number's thread made a quote request: the fields he filled in (the quote form's schema, her
   * number as it texted), stored as New, and her texts moved onto it. Null when there is no thread.
   */
  async function turnIntoRequest(phone: string, fields: unknown): Promise<string | null> {
    const parsed = quoteRequestSchema.safeParse({
      ...(typeof fields === 'object' && fields !== null ? fields : {}),
      phone: usPhone(phone)?.display ?? phone,
    });
    if (!parsed.success) {
      const { fieldErrors } = z.flattenError(parsed.error);
      throw new HttpError(400, 'Please check the highlighted fields.', { fieldErrors });
    }
    return database.transaction(async (tx) => {
      const moved = await tx
        .select({ id: textMessages.id })
        .from(textMessages)
        .where(and(eq(textMessages.phone, phone), isNull(textMessages.quoteRequestId)));
      if (moved.length === 0) return null;
      const [request] = await tx
        .insert(quoteRequests)
        .values(storedQuoteFields(parsed.data))
        .returning({ id: quoteRequests.id });
      await tx.insert(quoteRequestStates).values({ quoteRequestId: request!.id, status: 'new' });
      await tx
        .update(textMessages)
        .set({ quoteRequestId: request!.id })
        .where(and(eq(textMessages.phone, phone), isNull(textMessages.quoteRequestId)));
      await tx
        .update(deliveries)
        .set({ quoteRequestId: request!.id })
        .where(
          sql`${deliveries.id} in (select ${textMessages.deliveryId} from ${textMessages} where ${textMessages.quoteRequestId} = ${request!.id})`,
        );
      return request!.id;
    });
  }

  return {
    sendOnRequest,
    numberThreads,
    sendToNumber,
    turnIntoRequest,
    requestThread: (id: string) => requestThread(database.db, id),
  };
}

export type TextThreads = ReturnType<typeof createTextThreads>;

import { and, eq, inArray, sql } from 'drizzle-orm';
import { usPhone } from '@shared/schemas/business-details';
import type { Database } from '../../db/client';
import { deliveries, textMessages, textNumbers, type TextPurpose } from '../../db/schema';

/** A homeowner's phone as typed, in E.164 (+19285550147), or null when it is no US number. */
export const e164Of = (phone: string): string | null => usPhone(phone)?.e164 ?? null;

/** She agreed to texts (ticked the box, or texted first); a STOP before stays until START. */
export async function recordConsent(tx: Database, phone: string, at: Date = new Date()): Promise<void> {
  await tx
    .insert(textNumbers)
    .values({ phone, consentedAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: textNumbers.phone,
      set: { consentedAt: sql`coalesce(${textNumbers.consentedAt}, ${at.toISOString()}::timestamptz)`, updatedAt: at },
    });
}

/** STOP (stopped: true) or START (false) from that number. */
export async function recordStop(tx: Database, phone: string, stopped: boolean, at: Date = new Date()): Promise<void> {
  await tx
    .insert(textNumbers)
    .values({ phone, stoppedAt: stopped ? at : null, updatedAt: at })
    .onConflictDoUpdate({ target: textNumbers.phone, set: { stoppedAt: stopped ? at : null, updatedAt: at } });
}

/** 'ok', or why no text may go to this number: she never agreed, or she replied STOP. */
export async function textPermission(tx: Database, phone: string): Promise<'ok' | 'no-consent' | 'stopped'> {
  const [row] = await tx.select().from(textNumbers).where(eq(textNumbers.phone, phone)).limit(1);
  if (row?.stoppedAt) return 'stopped';
  return row?.consentedAt ? 'ok' : 'no-consent';
}

export interface TextToQueue {
  quoteRequestId: string | null;
  /** E.164. */
  phone: string;
  body: string;
  purpose: TextPurpose;
  /** When it is due (now by default); the site's own texts wait for 8 AM when due at night. */
  dueAt?: Date;
  visitStartsAt?: Date;
  estimateId?: string;
}

/**
 * Writes one outgoing text in the caller's transaction: its row on the thread and its outbox
 * delivery (kind 'text'), sent once by whichever server claims it. Nothing is written for a
 * number that never agreed to texts or replied STOP: false then.
 */
export async function queueText(tx: Database, text: TextToQueue): Promise<boolean> {
  if ((await textPermission(tx, text.phone)) !== 'ok') return false;
  const due = text.dueAt ?? new Date();
  const [delivery] = await tx
    .insert(deliveries)
    .values({
      quoteRequestId: text.quoteRequestId,
      kind: 'text',
      // Held through the night by the sender (text-sender.ts), on its clock: due as written here.
      nextAttemptAt: due,
      estimateId: text.estimateId ?? null,
    })
    .returning({ id: deliveries.id });
  await tx.insert(textMessages).values({
    quoteRequestId: text.quoteRequestId,
    phone: text.phone,
    direction: 'out',
    body: text.body,
    purpose: text.purpose,
    status: 'queued',
    deliveryId: delivery!.id,
    visitStartsAt: text.visitStartsAt ?? null,
    estimateId: text.estimateId ?? null,
  });
  return true;
}

/** Removes the texts of these purposes still waiting to go for a request (a visit moved or cancelled). */
export async function dropWaitingTexts(tx: Database, quoteRequestId: string, purposes: TextPurpose[]): Promise<void> {
  const waiting = await tx
    .select({ id: textMessages.id, deliveryId: textMessages.deliveryId })
    .from(textMessages)
    .innerJoin(deliveries, eq(deliveries.id, textMessages.deliveryId))
    .where(
      and(
        eq(textMessages.quoteRequestId, quoteRequestId),
        inArray(textMessages.purpose, purposes),
        eq(deliveries.status, 'pending'),
      ),
    );
  if (waiting.length === 0) return;
  await tx.delete(textMessages).where(
    inArray(
      textMessages.id,
      waiting.map((row) => row.id),
    ),
  );
  await tx.delete(deliveries).where(
    inArray(
      deliveries.id,
      waiting.map((row) => row.deliveryId!),
    ),
  );
}

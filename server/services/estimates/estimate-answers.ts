import { and, eq, isNull } from 'drizzle-orm';
import type { InboxStatus } from '@shared/schemas/owner-inbox';
import type { DeclineReason } from '@shared/schemas/estimates';
import type { Database, DatabaseHandle } from '../../db/client';
import { deliveries, estimates, quoteRequestNotes, quoteRequestStates, type EstimateRow } from '../../db/schema';
import { isDatabaseUnavailable } from '../../db/errors';
import { HttpError } from '../errors';
import { applyRequestChange } from '../owner/request-changes';
import {
  enqueueOwnerNotices,
  estimatePath,
  estimateTokenPattern,
  isExpired,
  totalWith,
  withdrawFollowUps,
} from './estimate-records';
import { approvedChangeTotal } from './change-orders';

export interface EstimateAnswerOptions {
  database: DatabaseHandle;
  clock?: () => Date;
  /** Called after messages were written to the outbox: wakes its worker. */
  onEnqueued?: () => void;
  /** Called with a version just approved: its signed PDF is made now, once. */
  onApproved?: (row: EstimateRow) => void;
}

/** The request becomes Won from these on an approval; Won and Job done keep their status. */
const winnable: readonly InboxStatus[] = ['new', 'contacted', 'quoted', 'lost'];

export interface ApprovalRecord {
  status: 'approved';
  /** Dollars with cents: the approved total, ticked options and tax included. */
  total: number;
  /** False when the estimate was approved before: this answer is that first approval's record. */
  first: boolean;
}

/** The homeowner's side of an estimate: open it, approve, decline, ask a question. */
export function createEstimateAnswers(options: EstimateAnswerOptions) {
  const { database } = options;
  const { db } = database;
  const now = options.clock ?? (() => new Date());

  /** A sent version by its token; null for drafts and tokens that are not ours (the page answers 404). */
  async function byToken(token: string): Promise<EstimateRow | null> {
    if (!estimateTokenPattern.test(token)) return null;
    const [row] = await db.select().from(estimates).where(eq(estimates.token, token));
    return row && row.status !== 'draft' && row.frozen ? row : null;
  }

  async function lockedByToken(tx: Database, token: string): Promise<EstimateRow> {
    if (!estimateTokenPattern.test(token)) throw new HttpError(404, 'There is no such estimate.');
    const [row] = await tx.select().from(estimates).where(eq(estimates.token, token)).for('update');
    if (!row || row.status === 'draft' || !row.frozen) throw new HttpError(404, 'There is no such estimate.');
    return row;
  }

  async function currentOf(row: EstimateRow): Promise<EstimateRow | null> {
    let current = row;
    // A chain of revisions: follow it to the version that replaced the rest.
    for (let hops = 0; current.replacedBy && hops < 50; hops++) {
      const [next] = await db.select().from(estimates).where(eq(estimates.id, current.replacedBy));
      if (!next) break;
      current = next;
    }
    return current === row ? null : current;
  }

  const replacedMessage = 'This estimate was replaced by a newer version: please open the new one.';

  async function statusOf(tx: Database, requestId: string): Promise<InboxStatus> {
    const [state] = await tx
      .select({ status: quoteRequestStates.status })
      .from(quoteRequestStates)
      .where(eq(quoteRequestStates.quoteRequestId, requestId))
      .for('update');
    return state?.status ?? 'new';
  }

  /** The answer to an approval of a version approved before: that first approval's record. */
  function earlierApproval(row: EstimateRow): ApprovalRecord {
    return { status: 'approved', total: (row.approvedTotalCents ?? 0) / 100, first: false };
  }

  /** The approval itself, with the estimate's row locked (approve, below). */
  async function approveLocked(
    token: string,
    answer: { name: string; options: number[] },
    client: { ip: string | null; userAgent: string | null },
  ): Promise<ApprovalRecord> {
    const record = await database.transaction(async (tx) => {
      const row = await lockedByToken(tx, token);
      if (row.status === 'approved') return earlierApproval(row);
      if (row.replacedBy) throw new HttpError(409, replacedMessage);
      if (row.status === 'declined')
        throw new HttpError(409, 'This estimate was declined: call us to take it up again.');
      if (isExpired(row, now())) throw new HttpError(409, 'This estimate has expired: call us for a new one.');
      const items = row.frozen!.items;
      const ticked = [...new Set(answer.options)].sort((a, b) => a - b);
      for (const index of ticked)
        if (!items[index]?.optional)
          throw new HttpError(400, `Option ${index} is not one of this estimate's optional lines.`);
      const at = now();
      const totalCents = totalWith(row, ticked);
      const changeOrder = row.kind === 'change-order';
      // A change order adds to the job approved before it; that estimate itself never changes.
      const jobCents = changeOrder ? await approvedChangeTotal(tx, row, totalCents) : totalCents;
      await tx
        .update(estimates)
        .set({
          status: 'approved',
          approvedAt: at,
          approvedName: answer.name,
          approvedOptions: ticked,
          approvedTotalCents: totalCents,
          approvedIp: client.ip,
          approvedUserAgent: client.userAgent?.slice(0, 500) ?? null,
          updatedAt: at,
        })
        .where(eq(estimates.id, row.id));
      const status = await statusOf(tx, row.quoteRequestId);
      await applyRequestChange(
        tx,
        row.quoteRequestId,
        {
          ...(!changeOrder && winnable.includes(status) ? { status: 'won' as const } : {}),
          jobValue: Math.round(jobCents / 100),
        },
        changeOrder ? 'Change order approved online' : 'Estimate approved online',
      );
      await withdrawFollowUps(tx, row.quoteRequestId, changeOrder ? row.id : undefined);
      await enqueueOwnerNotices(tx, row, 'approved');
      await tx.insert(deliveries).values({
        quoteRequestId: row.quoteRequestId,
        kind: 'estimate_approved_email',
        estimateId: row.id,
        estimateEvent: 'approved',
      });
      return { status: 'approved' as const, total: totalCents / 100, first: true };
    });
    if (record.first) options.onEnqueued?.();
    return record;
  }

  return {
    byToken,
    currentOf,

    /**
     * The page was shown in a browser (its script reported it): the first time, the owner's phone
     * is told. The owner's own look (signed in) never counts. True when this was the first view.
     */
    async viewed(token: string): Promise<boolean> {
      if (!estimateTokenPattern.test(token)) return false;
      const first = await database.transaction(async (tx) => {
        const [row] = await tx
          .update(estimates)
          .set({ viewedAt: now() })
          .where(and(eq(estimates.token, token), isNull(estimates.viewedAt), eq(estimates.status, 'sent')))
          .returning();
        if (!row) return false;
        await enqueueOwnerNotices(tx, row, 'viewed');
        return true;
      });
      if (first) options.onEnqueued?.();
      return first;
    },

    /**
     * Approves a version, in one transaction with the request's change (Won, the job value) and
     * the messages. The row is locked first: two approvals at once, from any number of server
     * processes, are applied one after the other, and the second finds the first's record.
     */
    async approve(
      token: string,
      answer: { name: string; options: number[] },
      client: { ip: string | null; userAgent: string | null },
    ): Promise<ApprovalRecord> {
      // Approved already (a second tap, a second tab): an approval is final, so its record is
      // read without queueing for the row's lock behind approvals still arriving.
      // An approval that queued for the lock behind another of the same estimate past the bound
      // on a statement (a busy server) tries again: by then the first is recorded, and is the answer.
      for (let attempt = 1; ; attempt++) {
        const done = await byToken(token);
        if (done?.status === 'approved') return earlierApproval(done);
        try {
          const record = await approveLocked(token, answer, client);
          if (record.first && options.onApproved) {
            const approved = await byToken(token);
            if (approved) options.onApproved(approved);
          }
          return record;
        } catch (error) {
          if (attempt >= 3 || !isDatabaseUnavailable(error)) throw error;
        }
      }
    },

    /**
     * The optional lines the homeowner ticked, kept against the version until she answers: her
     * page shows them ticked again on a reload, on another device, and after the form without
     * scripts. Only an open version (sent, not answered, replaced nor expired) keeps a choice.
     */
    async choose(token: string, options: number[]): Promise<{ options: number[]; total: number }> {
      const row = await byToken(token);
      if (!row) throw new HttpError(404, 'There is no such estimate.');
      if (row.replacedBy) throw new HttpError(409, replacedMessage);
      if (row.status !== 'sent')
        throw new HttpError(409, 'This estimate was answered already: call us to change anything.');
      if (isExpired(row, now())) throw new HttpError(409, 'This estimate has expired: call us for a new one.');
      const items = row.frozen!.items;
      const ticked = [...new Set(options)].sort((a, b) => a - b);
      for (const index of ticked)
        if (!items[index]?.optional)
          throw new HttpError(400, `Option ${index} is not one of this estimate's optional lines.`);
      // Only while still open: an approval that got in first keeps what it recorded.
      await db
        .update(estimates)
        .set({ chosenOptions: ticked })
        .where(and(eq(estimates.id, row.id), eq(estimates.status, 'sent'), isNull(estimates.replacedBy)));
      return { options: ticked, total: totalWith(row, ticked) / 100 };
    },

    /** Declines a version: the request becomes Lost with the reason (a won job stays won). Declining again changes nothing. */
    async decline(token: string, answer: { reason: DeclineReason; comment?: string }): Promise<{ status: 'declined' }> {
      const first = await database.transaction(async (tx) => {
        const row = await lockedByToken(tx, token);
        if (row.status === 'declined') return false;
        if (row.status === 'approved')
          throw new HttpError(409, 'This estimate was approved already: call us to change anything.');
        if (row.replacedBy) throw new HttpError(409, replacedMessage);
        if (isExpired(row, now())) throw new HttpError(409, 'This estimate has expired: there is nothing to decline.');
        const at = now();
        await tx
          .update(estimates)
          .set({
            status: 'declined',
            declinedAt: at,
            declineReason: answer.reason,
            declineComment: answer.comment || null,
            updatedAt: at,
          })
          .where(eq(estimates.id, row.id));
        const status = await statusOf(tx, row.quoteRequestId);
        // A declined change order leaves the job as it was approved.
        const changeOrder = row.kind === 'change-order';
        if (!changeOrder && status !== 'won' && status !== 'done')
          await applyRequestChange(
            tx,
            row.quoteRequestId,
            { status: 'lost', lostReason: answer.reason },
            'Estimate declined online',
          );
        await withdrawFollowUps(tx, row.quoteRequestId, changeOrder ? row.id : undefined);
        await enqueueOwnerNotices(tx, row, 'declined');
        return true;
      });
      if (first) options.onEnqueued?.();
      return { status: 'declined' };
    },

    /**
     * A question: kept on the request's history as the homeowner's note, and the owner told. On a
     * replaced version it is kept all the same, and the answer points to the current one.
     */
    async question(token: string, message: string): Promise<{ status: 'sent'; current: string | null }> {
      const row = await byToken(token);
      if (!row) throw new HttpError(404, 'There is no such estimate.');
      await database.transaction(async (tx) => {
        await tx
          .insert(quoteRequestNotes)
          // On the estimates' clock, as the sending it is compared with (a revised version's e-mail).
          .values({ quoteRequestId: row.quoteRequestId, body: message, author: 'homeowner', createdAt: now() });
        await enqueueOwnerNotices(tx, row, 'question');
      });
      options.onEnqueued?.();
      const current = await currentOf(row);
      return { status: 'sent', current: current ? estimatePath(current.token) : null };
    },
  };
}

export type EstimateAnswers = ReturnType<typeof createEstimateAnswers>;

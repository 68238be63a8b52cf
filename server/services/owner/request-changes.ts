import { asc, eq, sql } from 'drizzle-orm';
import {
  answeringStatuses,
  isWon,
  type RequestChange,
  type RequestEvent,
  type RequestState,
} from '@shared/schemas/owner-inbox';
import { execute, type Database, type DatabaseHandle } from '../../db/client';
import { quoteRequestEvents, quoteRequests, quoteRequestStates, type QuoteRequestEventRow } from '../../db/schema';
import {
  defaultReviewRequestSettings,
  scheduleReviewRequest,
  withdrawUnsentReviewRequest,
  type ReviewRequestSettings,
} from '../reviews/review-requests';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toEvent(row: QuoteRequestEventRow): RequestEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    kind: row.kind,
    status: row.status,
    amount: row.amount,
    lostReason: row.lostReason,
    via: row.via,
    visitAt: iso(row.visitAt),
    device: row.device,
  };
}

/** A request's history, oldest first. */
export async function historyOf(db: Pick<Database, 'select'>, id: string): Promise<RequestEvent[]> {
  const rows = await db
    .select()
    .from(quoteRequestEvents)
    .where(eq(quoteRequestEvents.quoteRequestId, id))
    .orderBy(asc(quoteRequestEvents.id));
  return rows.map(toEvent);
}

export interface RequestChangeOptions {
  /** When Job done sends the review request, and its reminder; unset: the defaults. */
  reviewRequests?: ReviewRequestSettings;
  /** Review e-mails were written to the outbox (wakes its worker, for a delay of 0). */
  onReviewRequestScheduled?: () => void;
}

/**
 * Changes to a request by the owner: its status, amounts and lost reason, each kept as a dated
 * event beside the state it leads to. Job done schedules the homeowner's review request in the
 * same transaction (once per request); another status withdraws one not sent yet.
 */
export function createRequestChanges(database: DatabaseHandle, options: RequestChangeOptions = {}) {
  const reviewSettings = options.reviewRequests ?? defaultReviewRequestSettings;
  return {
    /**
     * Applies what `change` holds, and only that, as one transaction: the request's state row is
     * locked first, so two phones changing it at once are applied one after the other (the later
     * write wins, both events are kept) and what only one of them sent is never lost. Null when
     * there is no such request.
     */
    async apply(id: string, change: RequestChange, device: string | null): Promise<RequestState | null> {
      let scheduled = false;
      const state = await database.transaction(async (tx) => {
        const applied = await applyRequestChange(tx, id, change, device, reviewSettings);
        scheduled = applied?.reviewRequestScheduled ?? false;
        return applied?.state ?? null;
      });
      if (scheduled) options.onReviewRequestScheduled?.();
      return state;
    },
  };
}

/**
 * One change to a request inside the caller's transaction (the owner's change above, or an
 * estimate sent, approved or declined: server/services/estimates): the state row locked, the
 * events written. Null when there is no such request.
 */
export async function applyRequestChange(
  tx: Database,
  id: string,
  change: RequestChange,
  device: string | null,
  reviewSettings: ReviewRequestSettings = defaultReviewRequestSettings,
): Promise<{ state: RequestState; reviewRequestScheduled: boolean } | null> {
  let scheduled = false;
  const [exists] = await tx.select({ id: quoteRequests.id }).from(quoteRequests).where(eq(quoteRequests.id, id));
  if (!exists) return null;
  // A request stored before its state row existed gets one, as a New request.
  await tx.insert(quoteRequestStates).values({ quoteRequestId: id }).onConflictDoNothing();
  const [before] = await tx
    .select()
    .from(quoteRequestStates)
    .where(eq(quoteRequestStates.quoteRequestId, id))
    .for('update');
  if (!before) return null;
  // The time is taken once the lock is held, from the database's clock (the same for every
  // server instance): the write that gets the lock later is the later one.
  const { rows } = await execute<{ at: Date | string }>(tx, sql`select clock_timestamp() as at`);
  const at = new Date(rows[0]!.at);

  const set: Partial<typeof quoteRequestStates.$inferInsert> = {};
  const events: (typeof quoteRequestEvents.$inferInsert)[] = [];
  const event = (fields: Omit<typeof quoteRequestEvents.$inferInsert, 'quoteRequestId' | 'at' | 'device'>) =>
    events.push({ quoteRequestId: id, at, device, ...fields });

  if (change.status !== undefined) {
    const next = change.status;
    set.status = next;
    set.updatedAt = at;
    if (isWon(next) && !isWon(before.status)) set.wonAt = at;
    else if (!isWon(next)) set.wonAt = null;
    // The first answer, for the speed-to-lead clock: a later status change keeps the first time.
    if (answeringStatuses.includes(next) && !before.firstAnsweredAt) {
      set.firstAnsweredAt = at;
      set.firstAnsweredVia = 'status';
    }
    event({ kind: 'status', status: next });
    // A finished job asks the homeowner for a review, once; set back before it went, it does not go.
    if (next === 'done') scheduled = await scheduleReviewRequest(tx, id, reviewSettings);
    else await withdrawUnsentReviewRequest(tx, id);
  }
  if (change.estimateAmount !== undefined) {
    set.estimateAmount = change.estimateAmount;
    event({ kind: 'estimate', amount: change.estimateAmount });
  }
  if (change.jobValue !== undefined) {
    set.jobValue = change.jobValue;
    event({ kind: 'job-value', amount: change.jobValue });
  }
  // A job won (or done) without a job value is worth its estimate, as the page showed it:
  // never a won job counted as $0 because the value's own Save was not tapped.
  const jobValue = change.jobValue !== undefined ? change.jobValue : before.jobValue;
  const estimate = change.estimateAmount !== undefined ? change.estimateAmount : before.estimateAmount;
  if (change.status !== undefined && isWon(change.status) && jobValue === null && estimate !== null) {
    set.jobValue = estimate;
    event({ kind: 'job-value-from-estimate', amount: estimate });
  }
  if (change.lostReason !== undefined) {
    set.lostReason = change.lostReason;
    event({ kind: 'lost-reason', lostReason: change.lostReason });
  }

  const [after] = await tx
    .update(quoteRequestStates)
    .set(set)
    .where(eq(quoteRequestStates.quoteRequestId, id))
    .returning();
  if (events.length > 0) await tx.insert(quoteRequestEvents).values(events);
  const state = after ?? before;
  return {
    state: {
      status: state.status,
      statusChangedAt: iso(state.updatedAt),
      firstAnsweredAt: iso(state.firstAnsweredAt),
      firstAnsweredVia: state.firstAnsweredVia,
      estimateAmount: state.estimateAmount,
      jobValue: state.jobValue,
      lostReason: state.lostReason,
      wonAt: iso(state.wonAt),
      history: await historyOf(tx, id),
    },
    reviewRequestScheduled: scheduled,
  };
}

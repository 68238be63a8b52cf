import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { OwnerVisit, VisitBlock, VisitBooking, VisitSettings } from '@shared/schemas/visits';
import { ownerVisitWarning } from '@shared/visit-hours';
import { visitWhen } from '@shared/visit-time';
import type { DatabaseHandle } from '../../db/client';
import { quoteRequestEvents, quoteRequests, quoteRequestStates, visits } from '../../db/schema';
import { HttpError } from '../errors';
import { enqueueVisitMessages } from './visit-deliveries';
import { bookedVisitOf, isBookingConflict, lastAddressOf, ownerVisits, toOwnerVisit } from './visit-queries';

/** How far ahead the owner may book: a year (a typo's year 2062 is refused). */
const furthestAheadMs = 366 * 24 * 3600_000;

export const ownerBookingMessages = {
  notFound: 'There is no such request.',
  past: 'That time has passed. Pick a time still to come.',
  tooFar: 'Pick a time within the next year.',
  noVisit: 'There is no visit booked for this request.',
  overlaps: (name: string, when: string) =>
    `That time overlaps the visit with ${name} (${when}). Pick another time, or move that visit first.`,
  overlapsUnknown: 'That time overlaps another visit. Pick another time.',
} as const;

/** What the owner's booking answers: the visit as it now stands, and the warning when the time is outside his hours. */
export interface OwnerBookingResult {
  visit: OwnerVisit;
  outcome: 'booked' | 'rescheduled' | 'unchanged';
  warning: string | null;
}

export interface OwnerBookingOptions {
  database: DatabaseHandle;
  /** The windows' settings and the days off still to come (visit-service.ts). */
  settings: () => Promise<VisitSettings>;
  blocks: () => Promise<VisitBlock[]>;
  clock?: () => Date;
  /** Wakes the outbox worker after the messages were written. */
  onChanged?: () => void;
}

/**
 * The owner books, moves or cancels a homeowner's visit from the request's page, at any time he
 * agreed on the phone: outside his hours for visits or on a day off it books all the same, with a
 * warning. The homeowner gets the same e-mails and invitation as for his own booking; the
 * request's history says "Booked by you" (events visit-booked, visit-moved, visit-cancelled, by
 * device), and a booking is the owner's first answer when nothing answered the request before.
 * Two visits never overlap: the database's constraints decide (visits_never_overlap), 409.
 */
export function createOwnerVisitBooking(options: OwnerBookingOptions) {
  const { database } = options;
  const { db } = database;
  const now = options.clock ?? (() => new Date());

  /** The booked visit another request holds over [start, end), for the refusal's message. */
  async function overlapping(requestId: string, start: Date, end: Date) {
    const [row] = await ownerVisits(db)
      .where(
        and(
          eq(visits.status, 'booked'),
          ne(visits.quoteRequestId, requestId),
          lt(visits.startsAt, end),
          gt(visits.endsAt, start),
        ),
      )
      .limit(1);
    return row;
  }

  async function visitOf(requestId: string): Promise<OwnerVisit> {
    const [row] = await ownerVisits(db)
      .where(and(eq(visits.quoteRequestId, requestId), eq(visits.status, 'booked')))
      .limit(1);
    if (!row) throw new Error(`Quote request ${requestId} has no booked visit`);
    return { ...toOwnerVisit(row), changedBy: 'owner' };
  }

  return {
    /** Books the request's visit at `booking.start` or moves it there. Null: no such request. */
    async book(requestId: string, booking: VisitBooking, device: string | null): Promise<OwnerBookingResult | null> {
      const at = now();
      const [request] = await db
        .select({ id: quoteRequests.id })
        .from(quoteRequests)
        .where(eq(quoteRequests.id, requestId));
      if (!request) return null;
      const start = new Date(booking.start);
      if (start <= at)
        throw new HttpError(400, ownerBookingMessages.past, { fieldErrors: { start: [ownerBookingMessages.past] } });
      if (start.getTime() - at.getTime() > furthestAheadMs)
        throw new HttpError(400, ownerBookingMessages.tooFar, {
          fieldErrors: { start: [ownerBookingMessages.tooFar] },
        });
      const [config, blocks] = await Promise.all([options.settings(), options.blocks()]);
      const end = new Date(start.getTime() + config.windowMinutes * 60_000);
      const warning = ownerVisitWarning(config, blocks, start, end);
      const current = await bookedVisitOf(db, requestId);
      const address = booking.address ?? current?.address ?? (await lastAddressOf(db, requestId));
      if (current && current.startsAt.getTime() === start.getTime()) {
        if (current.address !== address)
          await db.update(visits).set({ address, updatedAt: at }).where(eq(visits.id, current.id));
        return { visit: await visitOf(requestId), outcome: 'unchanged', warning };
      }

      try {
        const outcome = await database.transaction(async (tx) => {
          const moved = await tx
            .update(visits)
            .set({ startsAt: start, endsAt: end, address, sequence: sql`${visits.sequence} + 1`, updatedAt: at })
            .where(and(eq(visits.quoteRequestId, requestId), eq(visits.status, 'booked')))
            .returning({ id: visits.id });
          if (moved.length === 0)
            await tx
              .insert(visits)
              .values({ quoteRequestId: requestId, startsAt: start, endsAt: end, address, updatedAt: at });
          const event = moved.length > 0 ? 'rescheduled' : 'booked';
          await tx.insert(quoteRequestEvents).values({
            quoteRequestId: requestId,
            at,
            kind: event === 'booked' ? 'visit-booked' : 'visit-moved',
            visitAt: start,
            device,
          });
          // A request still New is Contacted now; a later status is never moved back.
          await tx.insert(quoteRequestStates).values({ quoteRequestId: requestId }).onConflictDoNothing();
          const contacted = await tx
            .update(quoteRequestStates)
            .set({ status: 'contacted', updatedAt: at })
            .where(and(eq(quoteRequestStates.quoteRequestId, requestId), eq(quoteRequestStates.status, 'new')))
            .returning({ id: quoteRequestStates.quoteRequestId });
          if (contacted.length > 0)
            await tx
              .insert(quoteRequestEvents)
              .values({ quoteRequestId: requestId, at, kind: 'status', status: 'contacted', device });
          // His first answer, for the speed-to-lead clock, unless something answered it before.
          await tx
            .update(quoteRequestStates)
            .set({ firstAnsweredAt: at, firstAnsweredVia: 'visit' })
            .where(
              and(eq(quoteRequestStates.quoteRequestId, requestId), sql`${quoteRequestStates.firstAnsweredAt} is null`),
            );
          await enqueueVisitMessages(tx, { requestId, event, start, at, tellOwner: false });
          return event;
        });
        options.onChanged?.();
        return { visit: await visitOf(requestId), outcome, warning };
      } catch (error) {
        if (!isBookingConflict(error)) throw error;
        const other = await overlapping(requestId, start, end);
        throw new HttpError(
          409,
          other
            ? ownerBookingMessages.overlaps(other.name, visitWhen(other.startsAt, other.endsAt))
            : ownerBookingMessages.overlapsUnknown,
        );
      }
    },

    /**
     * Cancels the request's visit; the homeowner is told it was him, with his reason when he gave
     * one. Null: no such request; false: no visit booked.
     */
    async cancel(requestId: string, device: string | null, reason: string | null = null): Promise<boolean | null> {
      const at = now();
      const [request] = await db
        .select({ id: quoteRequests.id })
        .from(quoteRequests)
        .where(eq(quoteRequests.id, requestId));
      if (!request) return null;
      const cancelled = await database.transaction(async (tx) => {
        const rows = await tx
          .update(visits)
          .set({
            status: 'cancelled',
            cancelledBy: 'owner',
            cancelReason: reason,
            sequence: sql`${visits.sequence} + 1`,
            updatedAt: at,
          })
          .where(and(eq(visits.quoteRequestId, requestId), eq(visits.status, 'booked')))
          .returning({ id: visits.id });
        if (rows.length === 0) return false;
        await tx.insert(quoteRequestEvents).values({ quoteRequestId: requestId, at, kind: 'visit-cancelled', device });
        await enqueueVisitMessages(tx, { requestId, event: 'cancelled', start: null, at, tellOwner: false });
        return true;
      });
      if (cancelled) options.onChanged?.();
      return cancelled;
    },
  };
}

export type OwnerVisitBooking = ReturnType<typeof createOwnerVisitBooking>;

import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { arizonaIso } from '@shared/arizona-time';
import {
  defaultVisitSettings,
  visitMessages,
  type OwnerVisit,
  type VisitBlock,
  type VisitBlockInput,
  type VisitBooking,
  type VisitSettings,
  type VisitSlot,
  type VisitState,
} from '@shared/schemas/visits';
import type { DatabaseHandle } from '../../db/client';
import { quoteRequestStates, quoteRequests, visitBlocks, visitSettings, visits, type VisitRow } from '../../db/schema';
import { HttpError } from '../errors';
import { serverSecretLoader } from '../server-secrets';
import { requestIdOfToken, visitPath, visitToken } from './visit-tokens';
import { arizonaInstant, visitWindows, type Span, type Window } from './windows';
import {
  bookedVisitOf,
  isBookingConflict,
  lastAddressOf,
  ownerVisits,
  toOwnerVisit,
  visitChangedBy,
} from './visit-queries';
import { enqueueVisitMessages } from './visit-deliveries';
import { addressHash, checkVisitLimits, type BookingClient, type VisitLimitSettings } from './visit-limits';

/** How many free windows a homeowner who lost a race is offered instead. */
const nextOfferCount = 3;
export { visitReminderLeadMs } from './visit-deliveries';

export interface VisitServiceOptions {
  database: DatabaseHandle;
  /** The secret that signs booking links (server_secrets `visit-token-key`). */
  tokenSecret: () => Promise<string>;
  /** The time now; tests pass a fake clock. */
  clock?: () => Date;
  /** Called after a booking, move or cancellation wrote its messages (wakes the outbox worker). */
  onChanged?: () => void;
  /** How many visits homeowners may hold (visit-limits.ts); unset: none are limited. */
  limits?: VisitLimitSettings;
}

export interface BookedVisit {
  start: string;
  end: string;
  address: string;
  /** 'booked': a new visit; 'rescheduled': moved; 'unchanged': the same window posted again. */
  outcome: 'booked' | 'rescheduled' | 'unchanged';
}

/** A window that another booking holds: 409, with the next free windows. */
export class WindowTaken extends HttpError {
  constructor(readonly next: VisitSlot[]) {
    super(409, visitMessages.taken, { next });
  }
}

export const toSlot = (window: Window): VisitSlot => ({ start: arizonaIso(window.start), end: arizonaIso(window.end) });

interface RequestOfToken {
  id: string;
  name: string;
  projectType: string;
  status: string;
}

/**
 * The estimate visits: the windows open to a request's homeowner, booking, moving and cancelling
 * through the request's link (visit-tokens.ts), and the owner's windows, days off and visits.
 * Two bookings of one window are settled by the database (the unique index on the start of
 * booked visits), never by a look before the insert: the loser gets WindowTaken.
 */
export function createVisitService(options: VisitServiceOptions) {
  const { database } = options;
  const { db } = database;
  const now = options.clock ?? (() => new Date());
  const addressSalt = serverSecretLoader(database, 'visit-address-salt');

  async function requestOf(token: string): Promise<RequestOfToken> {
    const id = requestIdOfToken(await options.tokenSecret(), token);
    const [row] = id
      ? await db
          .select({
            id: quoteRequests.id,
            name: quoteRequests.name,
            projectType: quoteRequests.projectType,
            status: quoteRequestStates.status,
          })
          .from(quoteRequests)
          .leftJoin(quoteRequestStates, eq(quoteRequestStates.quoteRequestId, quoteRequests.id))
          .where(eq(quoteRequests.id, id))
      : [];
    if (!row) throw new HttpError(404, visitMessages.unknown);
    return { id: row.id, name: row.name, projectType: row.projectType, status: row.status ?? 'new' };
  }

  async function settings(): Promise<VisitSettings> {
    const [row] = await db.select().from(visitSettings).where(eq(visitSettings.id, 1));
    if (!row) return defaultVisitSettings;
    return {
      weekly: row.weekly,
      windowMinutes: row.windowMinutes,
      horizonDays: row.horizonDays,
      noticeHours: row.noticeHours,
    };
  }

  async function blockedSpans(at: Date): Promise<Span[]> {
    return db
      .select({ start: visitBlocks.startsAt, end: visitBlocks.endsAt })
      .from(visitBlocks)
      .where(gt(visitBlocks.endsAt, at));
  }

  async function busySpans(at: Date): Promise<Span[]> {
    return db
      .select({ start: visits.startsAt, end: visits.endsAt })
      .from(visits)
      .where(and(eq(visits.status, 'booked'), gt(visits.endsAt, at)));
  }

  /** The windows open now: the weekly hours less days off, blocked times and booked visits. */
  async function openWindows(at: Date): Promise<Window[]> {
    const [config, blocked, busy] = await Promise.all([settings(), blockedSpans(at), busySpans(at)]);
    return visitWindows(config, at, blocked, busy);
  }

  /** A request whose visit already took place: its link books nothing more. */
  function refusePast(visit: VisitRow | undefined, at: Date) {
    if (visit && visit.startsAt <= at) throw new HttpError(410, visitMessages.past);
  }

  async function slotsFor(request: RequestOfToken, at: Date): Promise<VisitSlot[]> {
    if (request.status === 'spam') return [];
    return (await openWindows(at)).map(toSlot);
  }

  /** The next free windows from `from` on (or the first free ones when none is later). */
  async function nextFree(from: Date, at: Date): Promise<VisitSlot[]> {
    const open = await openWindows(at);
    const later = open.filter((window) => window.start >= from);
    return (later.length > 0 ? later : open).slice(0, nextOfferCount).map(toSlot);
  }

  async function pathFor(requestId: string): Promise<string> {
    return visitPath(visitToken(await options.tokenSecret(), requestId));
  }

  return {
    /** `/visit/<token>`: the path of a request's booking page. */
    pathFor,

    /** What the booking page shows: the visit booked, if any, and the windows open. */
    async state(token: string): Promise<VisitState> {
      const at = now();
      const request = await requestOf(token);
      const visit = await bookedVisitOf(db, request.id);
      refusePast(visit, at);
      return {
        firstName: request.name.trim().split(/\s+/)[0] ?? '',
        projectType: request.projectType,
        visit: visit ? { ...toSlot({ start: visit.startsAt, end: visit.endsAt }), address: visit.address } : null,
        slots: await slotsFor(request, at),
        lastAddress: visit ? visit.address : await lastAddressOf(db, request.id),
      };
    },

    async slots(token: string): Promise<VisitSlot[]> {
      const at = now();
      const request = await requestOf(token);
      refusePast(await bookedVisitOf(db, request.id), at);
      return slotsFor(request, at);
    },

    /**
     * Books the window that starts at `booking.start`, or moves the request's visit there. 400: not
     * a window offered (past, beyond the horizon, outside the hours, blocked; or a spam request);
     * 409 WindowTaken: another visit holds it; 410: the request's visit already took place. With
     * `client` (the homeowner's path), a new booking is held to the limits (409 VisitLimitReached).
     */
    async book(token: string, booking: VisitBooking, client?: BookingClient): Promise<BookedVisit> {
      const at = now();
      const request = await requestOf(token);
      const current = await bookedVisitOf(db, request.id);
      refusePast(current, at);
      const start = new Date(booking.start);
      if (request.status === 'spam') throw new HttpError(400, visitMessages.notOffered);
      const [config, blocked] = await Promise.all([settings(), blockedSpans(at)]);
      // Booked windows count as offered here on purpose: whether one is taken (the same window or
      // one overlapping it), the database decides, so that two bookings racing get a 409.
      const window = visitWindows(config, at, blocked).find((w) => w.start.getTime() === start.getTime());
      if (!window) throw new HttpError(400, visitMessages.notOffered);
      const address = booking.address ?? current?.address ?? '';
      if (current && current.startsAt.getTime() === window.start.getTime()) {
        if (current.address !== address)
          await db.update(visits).set({ address, updatedAt: at }).where(eq(visits.id, current.id));
        return { ...toSlot(window), address, outcome: 'unchanged' };
      }

      const limits = client && options.limits;
      const bookedFrom = limits ? addressHash(await addressSalt(), client.address) : null;
      try {
        const outcome = await database.transaction(async (tx) => {
          const moved = await tx
            .update(visits)
            .set({
              startsAt: window.start,
              endsAt: window.end,
              address,
              sequence: sql`${visits.sequence} + 1`,
              updatedAt: at,
            })
            .where(and(eq(visits.quoteRequestId, request.id), eq(visits.status, 'booked')))
            .returning({ id: visits.id });
          if (moved.length === 0) {
            await tx
              .insert(visits)
              .values({ quoteRequestId: request.id, startsAt: window.start, endsAt: window.end, address, bookedFrom });
            // Moving one's own visit is not a second booking: only a new one is counted.
            if (limits && bookedFrom)
              await checkVisitLimits(tx, { requestId: request.id, bookedFrom, at, settings: limits, pathFor });
          }
          // Her booking is not his answer: a New request stays New (and his lead reminders keep
          // coming) until he answers it himself; the row shows the booked visit meanwhile.
          const event = moved.length > 0 ? 'rescheduled' : 'booked';
          await enqueueVisitMessages(tx, { requestId: request.id, event, start: window.start, at, tellOwner: true });
          return event;
        });
        options.onChanged?.();
        return { ...toSlot(window), address, outcome };
      } catch (error) {
        if (!isBookingConflict(error)) throw error;
        throw new WindowTaken(await nextFree(window.start, at));
      }
    },

    /** Cancels the request's visit: its window is offered again. 404 when none is booked. */
    async cancel(token: string): Promise<void> {
      const at = now();
      const request = await requestOf(token);
      const current = await bookedVisitOf(db, request.id);
      refusePast(current, at);
      if (!current) throw new HttpError(404, visitMessages.noVisit);
      const cancelled = await database.transaction(async (tx) => {
        const rows = await tx
          .update(visits)
          .set({ status: 'cancelled', cancelledBy: 'homeowner', sequence: sql`${visits.sequence} + 1`, updatedAt: at })
          .where(and(eq(visits.id, current.id), eq(visits.status, 'booked')))
          .returning({ id: visits.id });
        if (rows.length === 0) return false;
        await enqueueVisitMessages(tx, { requestId: request.id, event: 'cancelled', start: null, at, tellOwner: true });
        return true;
      });
      if (!cancelled) throw new HttpError(404, visitMessages.noVisit);
      options.onChanged?.();
    },

    settings,

    async saveSettings(value: VisitSettings): Promise<VisitSettings> {
      await db
        .insert(visitSettings)
        .values({ id: 1, ...value })
        .onConflictDoUpdate({ target: visitSettings.id, set: { ...value, updatedAt: now() } });
      return value;
    },

    /** Days off and blocked times still to come. */
    async blocks(): Promise<VisitBlock[]> {
      const rows = await db
        .select()
        .from(visitBlocks)
        .where(gt(visitBlocks.endsAt, now()))
        .orderBy(asc(visitBlocks.startsAt));
      return rows.map((row) => ({
        id: row.id,
        start: arizonaIso(row.startsAt),
        end: arizonaIso(row.endsAt),
        note: row.note,
      }));
    },

    async addBlock(input: VisitBlockInput): Promise<VisitBlock> {
      const start = arizonaInstant(input.date, input.from ?? '00:00');
      const end = input.to
        ? arizonaInstant(input.date, input.to)
        : new Date(arizonaInstant(input.untilDate ?? input.date).getTime() + 24 * 3600_000);
      const [row] = await db
        .insert(visitBlocks)
        .values({ startsAt: start, endsAt: end, note: input.note || null })
        .returning();
      return { id: row!.id, start: arizonaIso(row!.startsAt), end: arizonaIso(row!.endsAt), note: row!.note };
    },

    async removeBlock(id: string): Promise<boolean> {
      const rows = await db.delete(visitBlocks).where(eq(visitBlocks.id, id)).returning({ id: visitBlocks.id });
      return rows.length > 0;
    },

    /** Booked visits that have not ended, soonest first. */
    async upcoming(): Promise<OwnerVisit[]> {
      const rows = await ownerVisits(db)
        .where(and(eq(visits.status, 'booked'), gt(visits.endsAt, now())))
        .orderBy(asc(visits.startsAt));
      return rows.map(toOwnerVisit);
    },

    /** The request's visit: the booked one, else the last cancelled; and who changed it last. */
    async forRequest(requestId: string): Promise<OwnerVisit | null> {
      const [row] = await ownerVisits(db)
        .where(eq(visits.quoteRequestId, requestId))
        .orderBy(sql`${visits.status} = 'booked' desc`, desc(visits.updatedAt))
        .limit(1);
      if (!row) return null;
      const [changed] = await db.select({ at: visits.updatedAt }).from(visits).where(eq(visits.id, row.id));
      return { ...toOwnerVisit(row), changedBy: await visitChangedBy(db, requestId, changed!.at) };
    },
  };
}

export type VisitService = ReturnType<typeof createVisitService>;

/** `/visit/<token>` of a request, signed with the shared secret (for the e-mails, outside the app). */
export function visitPathFor(database: DatabaseHandle): (requestId: string) => Promise<string> {
  const secret = serverSecretLoader(database, 'visit-token-key');
  return async (requestId) => visitPath(visitToken(await secret(), requestId));
}

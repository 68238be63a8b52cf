import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { arizonaIso } from '@shared/arizona-time';
import type { OwnerVisit } from '@shared/schemas/visits';
import type { Database } from '../../db/client';
import { quoteRequestEvents, quoteRequests, visits, type VisitRow } from '../../db/schema';

/** The owner's view of visits (his Visits list, a request's visit), joined with their requests. */
export function ownerVisits(db: Database) {
  return db
    .select({
      id: visits.id,
      requestId: visits.quoteRequestId,
      startsAt: visits.startsAt,
      endsAt: visits.endsAt,
      address: visits.address,
      status: visits.status,
      cancelReason: visits.cancelReason,
      confirmed: visits.confirmed,
      name: quoteRequests.name,
      phone: quoteRequests.phone,
      city: quoteRequests.city,
      projectType: quoteRequests.projectType,
    })
    .from(visits)
    .innerJoin(quoteRequests, eq(quoteRequests.id, visits.quoteRequestId))
    .$dynamic();
}

export function toOwnerVisit(row: Awaited<ReturnType<ReturnType<typeof ownerVisits>['execute']>>[number]): OwnerVisit {
  const { startsAt, endsAt, ...rest } = row;
  return { ...rest, start: arizonaIso(startsAt), end: arizonaIso(endsAt) };
}

/**
 * Another booking holds the time: the one-per-window index (SQLSTATE 23505) or the no-overlap
 * constraint (23P01) refused the row, on Postgres and PGlite alike (drizzle wraps the error).
 */
export function isBookingConflict(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (code === '23505' || code === '23P01') return true;
    current = cause;
  }
  return false;
}

/** The street address given for the request's latest visit (a cancelled one too): offered again for the next booking. */
export async function lastAddressOf(db: Pick<Database, 'select'>, requestId: string): Promise<string> {
  const [row] = await db
    .select({ address: visits.address })
    .from(visits)
    .where(and(eq(visits.quoteRequestId, requestId), ne(visits.address, '')))
    .orderBy(desc(visits.updatedAt))
    .limit(1);
  return row?.address ?? '';
}

/** The request's booked visit, if any. */
export async function bookedVisitOf(tx: Pick<Database, 'select'>, requestId: string): Promise<VisitRow | undefined> {
  const [row] = await tx
    .select()
    .from(visits)
    .where(and(eq(visits.quoteRequestId, requestId), eq(visits.status, 'booked')));
  return row;
}

/**
 * Who made the last change to a request's visit (`updatedAt`, the visit row's): the owner when an
 * event of his request page was written in that same instant (owner-booking.ts writes both with
 * one time), else the homeowner through his link, which writes no such event.
 */
export async function visitChangedBy(
  db: Pick<Database, 'select'>,
  requestId: string,
  updatedAt: Date,
): Promise<'owner' | 'homeowner'> {
  const [last] = await db
    .select({ at: quoteRequestEvents.at })
    .from(quoteRequestEvents)
    .where(
      and(
        eq(quoteRequestEvents.quoteRequestId, requestId),
        inArray(quoteRequestEvents.kind, ['visit-booked', 'visit-moved', 'visit-cancelled']),
      ),
    )
    .orderBy(desc(quoteRequestEvents.id))
    .limit(1);
  return last && last.at.getTime() === updatedAt.getTime() ? 'owner' : 'homeowner';
}

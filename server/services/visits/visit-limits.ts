import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { arizonaLongDateTime } from '@shared/arizona-time';
import { execute, type Database } from '../../db/client';
import { HttpError } from '../errors';

/**
 * How many visits homeowners may hold (issue: one address could take every window). A booking
 * through a request's link (not a move of its own visit, not the owner's) is refused when:
 * - another upcoming visit belongs to the same homeowner: the same e-mail or phone, normalised;
 * - `perAddress` (VISIT_LIMIT_PER_ADDRESS; 0: off) upcoming visits were already booked from the
 *   client's address, as the rate limit sees it (TRUST_PROXY included). Only a salted hash of the
 *   address is stored (visits.booked_from; the salt is the server secret `visit-address-salt`).
 * Counted in the booking's own transaction, after its insert, under one advisory transaction lock
 * that every limited booking takes: two servers booking for one homeowner at once see each
 * other's committed visit, never a count made before the other's insert.
 */
export interface VisitLimitSettings {
  perAddress: number;
}

/** What the homeowner's booking path passes; the owner's path passes none, and is not limited. */
export interface BookingClient {
  /** The client's address as the rate limit sees it (`req.ip`). */
  address: string;
}

/** Any constant: the advisory lock of limited bookings. */
const visitLimitLock = 72_164_011;

export const visitLimitMessages = {
  contact: (start: Date) =>
    `You already have an estimate visit booked for ${arizonaLongDateTime(start)}. We book one visit per homeowner: please move that one instead of booking another.`,
  contactNoLink: 'To move it, use the link in the e-mail we sent when it was booked, or call us.',
  moveLink: 'Move the visit you have',
  address: (limit: number) =>
    `${limit === 1 ? 'A visit has' : `${limit} visits have`} already been booked from this connection, the most we take from one. To book another, please call us.`,
} as const;

/** A second booking for one homeowner, or one too many from one address: 409, with where to move the visit he has. */
export class VisitLimitReached extends HttpError {
  constructor(
    message: string,
    readonly limit: 'contact' | 'address',
    readonly moveUrl?: string,
  ) {
    super(409, message, { limit, ...(moveUrl ? { moveUrl } : {}) });
  }
}

/** The salted hash stored for `address`. */
export function addressHash(salt: string, address: string): string {
  return createHmac('sha256', salt).update(`visit-address:${address}`).digest('base64url');
}

interface OtherVisit {
  quote_request_id: string;
  starts_at: Date | string;
  booked_from: string | null;
  same_contact: boolean;
}

/**
 * Checks the limits for the visit `requestId` just inserted in `tx` (booked from `bookedFrom`, the
 * address hash), and throws VisitLimitReached to roll it back. `pathFor` gives the booking page of
 * the homeowner's other visit: linked only when that visit was booked from the same address (a
 * stranger who typed someone's e-mail address does not get the way into their visit).
 */
export async function checkVisitLimits(
  tx: Database,
  options: {
    requestId: string;
    bookedFrom: string;
    at: Date;
    settings: VisitLimitSettings;
    pathFor: (requestId: string) => Promise<string>;
  },
): Promise<void> {
  const { requestId, bookedFrom, at, settings } = options;
  await execute(tx, sql`select pg_advisory_xact_lock(${visitLimitLock})`);
  const digits = (column: unknown) => sql`right(regexp_replace(${column}, '[^0-9]', '', 'g'), 10)`;
  const { rows } = await execute<OtherVisit>(
    tx,
    sql`with me as (
          select lower(btrim(email)) as email, ${digits(sql.raw('phone'))} as phone
            from quote_requests where id = ${requestId}
        )
        select v.quote_request_id, v.starts_at, v.booked_from,
               (lower(btrim(q.email)) = me.email or (length(me.phone) = 10 and ${digits(sql.raw('q.phone'))} = me.phone)) as same_contact
          from visits v
          join quote_requests q on q.id = v.quote_request_id
          cross join me
         where v.status = 'booked' and v.starts_at > ${at.toISOString()}::timestamptz
           and v.quote_request_id <> ${requestId}
           and (v.booked_from = ${bookedFrom}
                or lower(btrim(q.email)) = me.email
                or (length(me.phone) = 10 and ${digits(sql.raw('q.phone'))} = me.phone))
         order by v.starts_at`,
  );
  const own = rows.find((row) => row.same_contact);
  if (own) {
    const linked = own.booked_from === bookedFrom ? await options.pathFor(own.quote_request_id) : undefined;
    const message = visitLimitMessages.contact(new Date(own.starts_at));
    throw new VisitLimitReached(linked ? message : `${message} ${visitLimitMessages.contactNoLink}`, 'contact', linked);
  }
  const fromAddress = rows.filter((row) => row.booked_from === bookedFrom).length;
  if (settings.perAddress > 0 && fromAddress >= settings.perAddress)
    throw new VisitLimitReached(visitLimitMessages.address(settings.perAddress), 'address');
}

import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { business } from '@shared/content/business';
import { visitPlace } from '@shared/schemas/visits';
import type { DatabaseHandle } from '../../db/client';
import { quoteRequests, serverSecrets, visits } from '../../db/schema';
import { icsCalendar } from './ics';

const feedSecretName = 'calendar-feed-token';
/** Visits that ended this long ago still show, so today's stay in the calendar after they start. */
const keepEndedMs = 24 * 3600_000;

/**
 * The owner's private calendar feed (`/api/calendar/<token>.ics`): every upcoming booked visit,
 * for Google Calendar, Apple Calendar or Outlook to subscribe to. The token is a long random
 * secret kept in server_secrets, read on every use (so a revoke on one server holds on all);
 * revoking replaces it, and the old address answers 404.
 */
export function createCalendarFeed(options: { database: DatabaseHandle; siteUrl: string; clock?: () => Date }) {
  const { db } = options.database;
  const now = options.clock ?? (() => new Date());

  async function token(): Promise<string> {
    await db
      .insert(serverSecrets)
      .values({ name: feedSecretName, value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, feedSecretName));
    if (!row) throw new Error('The calendar feed token could not be stored');
    return row.value;
  }

  const urlOf = (value: string) => `${options.siteUrl}/api/calendar/${value}.ics`;

  return {
    async url(): Promise<string> {
      return urlOf(await token());
    },

    /** A new address; the old one stops working at once. */
    async revoke(): Promise<string> {
      const value = randomBytes(32).toString('base64url');
      await db
        .insert(serverSecrets)
        .values({ name: feedSecretName, value })
        .onConflictDoUpdate({ target: serverSecrets.name, set: { value, createdAt: now() } });
      return urlOf(value);
    },

    /** The feed for `given`, or null when that is not the current token. */
    async feed(given: string): Promise<string | null> {
      const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, feedSecretName));
      if (!row) return null;
      const [a, b] = [Buffer.from(given), Buffer.from(row.value)];
      if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
      const at = now();
      const rows = await db
        .select({
          id: visits.id,
          requestId: visits.quoteRequestId,
          start: visits.startsAt,
          end: visits.endsAt,
          address: visits.address,
          sequence: visits.sequence,
          updatedAt: visits.updatedAt,
          name: quoteRequests.name,
          phone: quoteRequests.phone,
          city: quoteRequests.city,
          projectType: quoteRequests.projectType,
        })
        .from(visits)
        .innerJoin(quoteRequests, eq(quoteRequests.id, visits.quoteRequestId))
        .where(and(eq(visits.status, 'booked'), gt(visits.endsAt, new Date(at.getTime() - keepEndedMs))))
        .orderBy(visits.startsAt);
      const domain = new URL(options.siteUrl).hostname;
      return icsCalendar({
        method: 'PUBLISH',
        name: `${business.name} – estimate visits`,
        events: rows.map((row) => ({
          // The same UID as the homeowner's invitation: one visit, one event.
          uid: `visit-${row.id}@${domain}`,
          sequence: row.sequence,
          start: row.start,
          end: row.end,
          stamp: row.updatedAt,
          summary: `Estimate: ${row.name} – ${row.projectType}, ${row.city}`,
          description: [
            `${row.name}`,
            `Phone: ${row.phone}`,
            `Project: ${row.projectType} in ${row.city}`,
            `Address: ${visitPlace(row.address, row.city)}`,
            `${options.siteUrl}/owner/requests/${row.requestId}`,
          ].join('\n'),
          location: row.address.trim() ? `${row.address}, ${row.city}` : row.city,
          url: `${options.siteUrl}/owner/requests/${row.requestId}`,
        })),
      });
    },
  };
}

export type CalendarFeed = ReturnType<typeof createCalendarFeed>;

import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AnswerChannel, SpeedToLead } from '@shared/schemas/owner-inbox';
import type { DatabaseHandle } from '../../db/client';
import { quoteRequestEvents, quoteRequests, quoteRequestStates, visits } from '../../db/schema';

export const speedWindowDays = 30;

/**
 * The speed-to-lead clock: when the owner first answered each request (a status that means he
 * did, or a tap on Call, Text or Reply by e-mail), and how fast that was over the last 30 days.
 */
export function createSpeedToLead(database: DatabaseHandle) {
  const { db } = database;

  return {
    /**
     * Records a tap as the first answer, unless the request was answered before. Null when there
     * is no such request; otherwise whether this tap was recorded, and the first answer's time.
     */
    async recordTap(id: string, via: AnswerChannel, at = new Date(), device: string | null = null) {
      return database.transaction(async (tx) => {
        const [updated] = await tx
          .update(quoteRequestStates)
          .set({ firstAnsweredAt: at, firstAnsweredVia: via })
          .where(and(eq(quoteRequestStates.quoteRequestId, id), isNull(quoteRequestStates.firstAnsweredAt)))
          .returning({ at: quoteRequestStates.firstAnsweredAt });
        if (updated) {
          // Kept in the request's history, so the clock can be worked out again from it.
          await tx.insert(quoteRequestEvents).values({ quoteRequestId: id, at, kind: 'answer', via, device });
          return { recorded: true, firstAnsweredAt: at.toISOString() };
        }
        const [row] = await tx
          .select({ at: quoteRequestStates.firstAnsweredAt })
          .from(quoteRequestStates)
          .where(eq(quoteRequestStates.quoteRequestId, id));
        return row ? { recorded: false, firstAnsweredAt: row.at?.toISOString() ?? null } : null;
      });
    },

    /** Undoes a recorded tap (a status change stays an answer). False when there was none to undo. */
    async undoTap(id: string, device: string | null = null): Promise<boolean> {
      return database.transaction(async (tx) => {
        const undone = await tx
          .update(quoteRequestStates)
          .set({ firstAnsweredAt: null, firstAnsweredVia: null })
          .where(
            and(
              eq(quoteRequestStates.quoteRequestId, id),
              inArray(quoteRequestStates.firstAnsweredVia, ['call', 'text', 'email']),
            ),
          )
          .returning({ id: quoteRequestStates.quoteRequestId });
        if (undone.length === 0) return false;
        await tx.insert(quoteRequestEvents).values({ quoteRequestId: id, kind: 'answer-undone', device });
        return true;
      });
    },

    async summary(now = new Date()): Promise<SpeedToLead> {
      const since = new Date(now.getTime() - speedWindowDays * 24 * 3600_000);
      const rows = await db
        .select({
          createdAt: quoteRequests.createdAt,
          answeredAt: quoteRequestStates.firstAnsweredAt,
          // The homeowner booked a visit through the request's link (not one the owner booked for him).
          bookedOnline: sql<boolean>`exists (select 1 from ${visits} where ${visits.quoteRequestId} = ${quoteRequests.id})
            and not exists (select 1 from ${quoteRequestEvents} where ${quoteRequestEvents.quoteRequestId} = ${quoteRequests.id}
              and ${quoteRequestEvents.kind} = 'visit-booked')`,
        })
        .from(quoteRequests)
        .innerJoin(quoteRequestStates, eq(quoteRequestStates.quoteRequestId, quoteRequests.id))
        .where(and(gt(quoteRequests.createdAt, since), ne(quoteRequestStates.status, sql`'spam'`)));
      const waits = rows
        .filter((row) => row.answeredAt)
        .map((row) => Math.max(0, (row.answeredAt!.getTime() - row.createdAt.getTime()) / 60_000))
        .sort((a, b) => a - b);
      const within = (minutes: number) => ({
        answered: waits.filter((wait) => wait <= minutes).length,
        // A request still younger than the limit and unanswered can still make it: not counted yet.
        of: rows.filter((row) => row.answeredAt || now.getTime() - row.createdAt.getTime() >= minutes * 60_000).length,
      });
      return {
        days: speedWindowDays,
        requests: rows.length,
        answered: waits.length,
        medianMinutes: median(waits),
        withinHour: within(60),
        withinDay: within(24 * 60),
        bookedOnline: rows.filter((row) => row.bookedOnline).length,
      };
    },
  };
}

function median(sorted: number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Math.round(value);
}

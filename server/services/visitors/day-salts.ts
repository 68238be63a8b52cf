import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { execute, type DatabaseHandle } from '../../db/client';

/** A day's salt is deleted this long after it was made: the day is over, and its keys can never be made again. */
export const saltLifetimeMs = 48 * 3_600_000;

/**
 * The random salt of each Arizona day, kept in the database so that every server makes the same
 * visitor key for one browser on one day (view_salts; never backed up). A server keeps the day's
 * salt in memory once read.
 */
export function createDaySalts(database: DatabaseHandle) {
  let cached: { day: string; salt: string } | undefined;

  async function saltOf(day: string, now: Date): Promise<string> {
    if (cached?.day === day) return cached.salt;
    const made = randomBytes(32).toString('base64url');
    await execute(
      database.db,
      sql`insert into view_salts (day, salt, created_at) values (${day}, ${made}, ${now}) on conflict (day) do nothing`,
    );
    const { rows } = await execute<{ salt: string }>(database.db, sql`select salt from view_salts where day = ${day}`);
    const salt = rows[0]?.salt ?? made;
    // A new day: the salts of two days ago go now, whether or not the maintenance sweep runs.
    if (cached) await deleteOld(now);
    cached = { day, salt };
    return salt;
  }

  return {
    /**
     * The visitor key of a browser on a day: HMAC-SHA-256 of the day's salt with the address and
     * the User-Agent. Nothing of the address or the browser can be read back from it.
     */
    async visitorKey(day: string, address: string, userAgent: string, now: Date): Promise<string> {
      return createHmac('sha256', await saltOf(day, now))
        .update(`${address}\u0000${userAgent}`)
        .digest('base64url');
    },
    /** Deletes the salts made 48 hours ago or more; the number deleted. */
    async deleteOld(now: Date): Promise<number> {
      const count = await deleteOld(now);
      // Read again at the next view: the one in memory may be among those deleted.
      cached = undefined;
      return count;
    },
  };

  async function deleteOld(now: Date): Promise<number> {
    const before = new Date(now.getTime() - saltLifetimeMs);
    return (await execute(database.db, sql`delete from view_salts where created_at <= ${before}`)).count;
  }
}

export type DaySalts = ReturnType<typeof createDaySalts>;

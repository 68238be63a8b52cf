import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ownerCredentials, ownerSessions, pushSubscriptions } from '../../db/schema';
import { hashPassword, type PasswordHashSettings } from './password-hash';

/** A session ends after this long without use: the owner need not sign in on their own phone every week. */
export const sessionIdleMs = 30 * 24 * 3600_000;
/** A session's expiry is moved forward at most this often, not on every request (one write an hour). */
const refreshEveryMs = 3600_000;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface OwnerSessions {
  /** Starts a session: the token goes into the cookie, only its hash into the database. */
  create(): Promise<{ token: string; expiresAt: Date }>;
  /**
   * The session of `token` when it is valid. `refreshed` is set when its idle expiry moved
   * forward, so the cookie's lifetime should be renewed too.
   */
  check(token: string): Promise<{ expiresAt: Date; refreshed: boolean } | null>;
  end(token: string): Promise<void>;
}

export function createOwnerSessions(db: Database, now: () => Date = () => new Date()): OwnerSessions {
  return {
    async create() {
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const expiresAt = new Date(at.getTime() + sessionIdleMs);
      // Sessions that ran out are cleared here: sign-ins are rare, so this costs nothing.
      await db.delete(ownerSessions).where(lte(ownerSessions.expiresAt, at));
      await db.insert(ownerSessions).values({ tokenHash: tokenHash(token), createdAt: at, lastSeenAt: at, expiresAt });
      return { token, expiresAt };
    },

    async check(token) {
      if (!token || token.length > 100) return null;
      const at = now();
      const hash = tokenHash(token);
      const [session] = await db
        .select()
        .from(ownerSessions)
        .where(and(eq(ownerSessions.tokenHash, hash), gt(ownerSessions.expiresAt, at)))
        .limit(1);
      if (!session) return null;
      if (at.getTime() - session.lastSeenAt.getTime() < refreshEveryMs)
        return { expiresAt: session.expiresAt, refreshed: false };
      const expiresAt = new Date(at.getTime() + sessionIdleMs);
      await db.update(ownerSessions).set({ lastSeenAt: at, expiresAt }).where(eq(ownerSessions.tokenHash, hash));
      return { expiresAt, refreshed: true };
    },

    async end(token) {
      await db.delete(ownerSessions).where(eq(ownerSessions.tokenHash, tokenHash(token)));
    },
  };
}

/** The stored hash of the owner's password, or null when none has been set yet. */
export async function ownerPasswordHash(db: Database): Promise<string | null> {
  const [row] = await db.select().from(ownerCredentials).where(eq(ownerCredentials.id, 1)).limit(1);
  return row?.passwordHash ?? null;
}

/**
 * Sets the owner's password (`npm run owner:password`) and signs out everywhere, in one
 * transaction: whoever knew the old password is out the moment the new one is in, and no device
 * subscribed under it gets another notification.
 */
export async function setOwnerPassword(
  transaction: <T>(work: (tx: Database) => Promise<T>) => Promise<T>,
  password: string,
  hashSettings?: PasswordHashSettings,
): Promise<SignedOutEverywhere> {
  const passwordHash = await hashPassword(password, hashSettings);
  return transaction(async (tx) => {
    await tx
      .insert(ownerCredentials)
      .values({ id: 1, passwordHash, updatedAt: new Date() })
      .onConflictDoUpdate({ target: ownerCredentials.id, set: { passwordHash, updatedAt: new Date() } });
    return endEverything(tx);
  });
}

export interface SignedOutEverywhere {
  sessionsEnded: number;
  /** Devices that got notifications: a device is as much a way in to the leads as a session. */
  devicesRemoved: number;
}

/** "Sign out everywhere": every session ends and every device stops getting notifications. */
export function signOutEverywhere(
  transaction: <T>(work: (tx: Database) => Promise<T>) => Promise<T>,
): Promise<SignedOutEverywhere> {
  return transaction(endEverything);
}

async function endEverything(tx: Database): Promise<SignedOutEverywhere> {
  const ended = await tx.delete(ownerSessions).returning({ tokenHash: ownerSessions.tokenHash });
  const removed = await tx.delete(pushSubscriptions).returning({ id: pushSubscriptions.id });
  return { sessionsEnded: ended.length, devicesRemoved: removed.length };
}

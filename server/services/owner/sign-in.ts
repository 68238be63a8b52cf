import { RateLimiterRes } from 'rate-limiter-flexible';
import type { DatabaseHandle } from '../../db/client';
import { createLimiter } from '../rate-limit';
import type { Logger } from '../../logger';
import { ownerPasswordHash, type OwnerSessions } from './owner-sessions';
import { verifyPassword } from './password-hash';

/** Guessing is slowed down: after 5 wrong passwords from one IP within 15 minutes, further tries are refused. */
export const lockout = { attempts: 5, windowSeconds: 15 * 60 } as const;

export const signInMessages = {
  wrongPassword: 'That password is not right. Please try again.',
  noPassword: 'No owner password has been set yet. Set one on the server with: npm run owner:password',
  locked: (minutes: number) =>
    `Too many wrong passwords. Sign-in is locked for this connection; please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

export type SignInResult =
  | { outcome: 'signed-in'; token: string; expiresAt: Date }
  | { outcome: 'wrong-password' | 'no-password'; message: string }
  | { outcome: 'locked'; message: string; retryAfterSeconds: number };

/**
 * Checks the owner's password for a client IP, with the lockout counted in the database (the
 * rate_limits table, also on PGlite) so that every server instance and a restart see the same
 * count. Every attempt is logged with its outcome and IP, never the password.
 */
export function createSignIn(deps: { database: DatabaseHandle; sessions: OwnerSessions }) {
  const { database, sessions } = deps;
  const failures = createLimiter(database, {
    name: 'owner-sign-in',
    points: lockout.attempts,
    durationSeconds: lockout.windowSeconds,
    alwaysInDatabase: true,
  });

  const lockedFor = (msBeforeNext: number) => {
    const retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
    return {
      outcome: 'locked' as const,
      message: signInMessages.locked(Math.ceil(retryAfterSeconds / 60)),
      retryAfterSeconds,
    };
  };

  async function attempt(password: string, ip: string): Promise<SignInResult> {
    const counted = await failures.get(ip);
    if (counted && counted.consumedPoints >= lockout.attempts) return lockedFor(counted.msBeforeNext);
    const stored = await ownerPasswordHash(database.db);
    if (!stored) return { outcome: 'no-password', message: signInMessages.noPassword };
    if (await verifyPassword(password, stored)) {
      await failures.delete(ip);
      const session = await sessions.create();
      return { outcome: 'signed-in', ...session };
    }
    try {
      await failures.consume(ip);
    } catch (rejection) {
      // Several wrong tries at once can pass the check above together; the count still refuses.
      if (rejection instanceof RateLimiterRes) return lockedFor(rejection.msBeforeNext);
      throw rejection;
    }
    return { outcome: 'wrong-password', message: signInMessages.wrongPassword };
  }

  return {
    async signIn(password: string, ip: string, logger?: Logger): Promise<SignInResult> {
      const result = await attempt(password, ip);
      logger?.info({ ip, outcome: result.outcome }, 'owner sign-in attempt');
      return result;
    },
  };
}

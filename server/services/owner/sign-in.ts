import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { like } from 'drizzle-orm';
import { ownerPasswordTexts } from '@shared/owner-password-texts';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Database, DatabaseHandle } from '../../db/client';
import { rateLimits } from '../../db/schema';
import { createLimiter } from '../rate-limit';
import type { Logger } from '../../logger';
import { ownerPasswordHash, type OwnerSessions } from './owner-sessions';
import { verifyPassword } from './password-hash';

/**
 * How many passwords are checked, in 15 minutes (docs/operations.md, "Signing in"):
 * - `perAddress`: from one client address (as TRUST_PROXY lets the app see it);
 * - `everywhere`: from all addresses together, except from devices that signed in before. An
 *   address is whatever X-Forwarded-For says once a proxy is trusted, so only this bounds a
 *   stranger who invents a new one for every guess;
 * - `perDevice`: from one device that signed in before (its device cookie), which the two
 *   limits above do not hold back, so a stranger's guesses cannot lock the owner out of his phone.
 * Every guess is counted before its password is checked, so guesses sent in parallel cannot slip
 * past; a right password takes its own guess back.
 */
export interface SignInLimits {
  perAddress: number;
  everywhere: number;
  perDevice: number;
  windowSeconds: number;
}
export const signInLimits: Readonly<SignInLimits> = {
  perAddress: 5,
  everywhere: 10,
  perDevice: 5,
  windowSeconds: 15 * 60,
};

/** The sign-in limiters' names start with this (their rows in rate_limits too). */
const signInLimiterPrefix = 'owner-sign-in';

/** Forgets every wrong guess counted so far, on every limit (a new password set by a reset link). */
export async function clearSignInLockouts(tx: Database): Promise<void> {
  await tx.delete(rateLimits).where(like(rateLimits.key, `${signInLimiterPrefix}%`));
}

/** How long a device is remembered after it signed in (browsers keep a cookie at most 400 days). */
export const knownDeviceDays = 400;

export const signInMessages = {
  wrongPassword: 'That password is not right. Please try again.',
  noPassword: ownerPasswordTexts.noPasswordYet,
  locked: (minutes: number) =>
    `Too many wrong passwords. Sign-in is locked for this connection; please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  pausedEverywhere: (minutes: number) =>
    `Too many wrong passwords from several places. Sign-in on new devices is paused; please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or sign in on a phone or computer that has signed in here before.`,
} as const;

export type SignInResult =
  | { outcome: 'signed-in'; token: string; expiresAt: Date; device: string }
  | { outcome: 'wrong-password' | 'no-password'; message: string }
  | { outcome: 'locked'; message: string; retryAfterSeconds: number };

/**
 * Checks the owner's password, with the counts kept in the database (the rate_limits table, also
 * on PGlite) so that every server instance and a restart see the same ones. Every attempt is
 * logged with its outcome and address, never the password.
 */
export function createSignIn(deps: {
  database: DatabaseHandle;
  sessions: OwnerSessions;
  limits?: Partial<SignInLimits>;
}) {
  const { database, sessions } = deps;
  const limits = { ...signInLimits, ...deps.limits };
  const limiter = (name: string, points: number) =>
    createLimiter(database, { name, points, durationSeconds: limits.windowSeconds, alwaysInDatabase: true });
  const perAddress = limiter(signInLimiterPrefix, limits.perAddress);
  const everywhere = limiter(`${signInLimiterPrefix}-everywhere`, limits.everywhere);
  const perDevice = limiter(`${signInLimiterPrefix}-device`, limits.perDevice);

  const lockedFor = (msBeforeNext: number, message: (minutes: number) => string) => {
    const retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
    return { outcome: 'locked' as const, message: message(Math.ceil(retryAfterSeconds / 60)), retryAfterSeconds };
  };

  /** One count a guess goes on: its limiter, the key it counts under, what a spent count says. */
  type Count = { limiter: RateLimiterAbstract; key: string; message: (minutes: number) => string };

  /** Counts one guess on each of `counts`; the first that is spent refuses it (the others keep theirs). */
  async function countGuess(counts: Count[]) {
    for (const { limiter, key, message } of counts) {
      try {
        await limiter.consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return lockedFor(rejection.msBeforeNext, message);
        throw rejection;
      }
    }
    return null;
  }

  type Checked =
    { outcome: 'right'; device: string | null; stored: string } | Exclude<SignInResult, { outcome: 'signed-in' }>;

  /** One guess at the password, counted as every guess is, whatever asks for it. */
  async function check(password: string, ip: string, deviceCookie: string | undefined): Promise<Checked> {
    const stored = await ownerPasswordHash(database.db);
    if (!stored) return { outcome: 'no-password', message: signInMessages.noPassword };
    const device = deviceCookie ? knownDevice(deviceCookie, stored) : null;
    // A known device counts on its own; any other guess on its address and on all addresses together.
    const own: Count = device
      ? { limiter: perDevice, key: device, message: signInMessages.locked }
      : { limiter: perAddress, key: ip, message: signInMessages.locked };
    const all: Count = { limiter: everywhere, key: 'all', message: signInMessages.pausedEverywhere };
    const refused = await countGuess(device ? [own] : [own, all]);
    if (refused) return refused;
    if (await verifyPassword(password, stored)) {
      // The right password forgets this address's (or device's) wrong tries and gives its guess back.
      await own.limiter.delete(own.key);
      if (!device) await all.limiter.reward(all.key, 1);
      return { outcome: 'right', device, stored };
    }
    return { outcome: 'wrong-password', message: signInMessages.wrongPassword };
  }

  async function attempt(password: string, ip: string, deviceCookie: string | undefined): Promise<SignInResult> {
    const checked = await check(password, ip, deviceCookie);
    if (checked.outcome !== 'right') return checked;
    const session = await sessions.create();
    return {
      outcome: 'signed-in',
      ...session,
      device: deviceCookie && checked.device ? deviceCookie : newDevice(checked.stored),
    };
  }

  return {
    /** `deviceCookie`: the device cookie the browser sent, when it sent one. */
    async signIn(password: string, ip: string, logger?: Logger, deviceCookie?: string): Promise<SignInResult> {
      const result = await attempt(password, ip, deviceCookie);
      logger?.info({ ip, outcome: result.outcome, knownDevice: Boolean(deviceCookie) }, 'owner sign-in attempt');
      return result;
    },
    /** A session and a device cookie for the device whose reset link has just set the password. */
    async startSession(): Promise<{ token: string; expiresAt: Date; device: string }> {
      const stored = await ownerPasswordHash(database.db);
      if (!stored) throw new Error('No owner password to start a session under');
      return { ...(await sessions.create()), device: newDevice(stored) };
    },
    /**
     * The password asked again inside a session (changing where his mail goes): counted on the
     * same limits as signing in, so a stolen session is no way to try passwords without end.
     */
    async confirm(password: string, ip: string, logger?: Logger, deviceCookie?: string): Promise<Checked> {
      const result = await check(password, ip, deviceCookie);
      logger?.info({ ip, outcome: result.outcome, knownDevice: Boolean(deviceCookie) }, 'owner password confirmation');
      return result;
    },
  };
}

/**
 * A device cookie: `<id>.<mac>`, the MAC keyed by the stored password hash (secret, and shared by
 * every server on the database). Changing the password forgets every device.
 */
const deviceMac = (id: string, passwordHash: string) =>
  createHmac('sha256', `known-device\u0000${passwordHash}`).update(id).digest('base64url');

function newDevice(passwordHash: string): string {
  const id = randomBytes(16).toString('base64url');
  return `${id}.${deviceMac(id, passwordHash)}`;
}

/** The device's id when the cookie is one this site gave under the current password, else null. */
export function knownDevice(cookie: string, passwordHash: string): string | null {
  const [id, mac, extra] = cookie.split('.');
  if (!id || !mac || extra !== undefined || id.length > 64) return null;
  const expected = Buffer.from(deviceMac(id, passwordHash));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

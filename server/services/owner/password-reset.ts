import { createHash } from 'node:crypto';
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { ownerPasswordTexts } from '@shared/owner-password-texts';
import { resetLinkMinutes, type ResetLinkState } from '@shared/schemas/owner-password-reset';
import type { Database, DatabaseHandle } from '../../db/client';
import { deliveries, ownerPasswordResets } from '../../db/schema';
import { ownerPasswordHash, setOwnerPassword, type SignedOutEverywhere } from './owner-sessions';
import { passwordProblem, type PasswordHashSettings } from './password-hash';
import { clearSignInLockouts, knownDevice } from './sign-in';
import { resetTokenHash, takeLink } from './one-time-links';

/**
 * How many links "Forgot the password?" sends: from one device in an hour, and in a day from
 * everyone together (both rolling windows). A device the owner signed in on (its device cookie,
 * as sign-in.ts knows it) has a day of its own: strangers, from however many addresses, cannot
 * spend it. Counted from the rows of owner_password_resets, in the database, so every server
 * counts the same links and a restart forgets none.
 */
export interface PasswordResetLimits {
  perDevicePerHour: number;
  perDay: number;
}
export const passwordResetLimits: Readonly<PasswordResetLimits> = { perDevicePerHour: 3, perDay: 10 };

const hourMs = 3600_000;
const dayMs = 24 * hourMs;
/** Rows are kept this long: past both windows, so the counts never miss one. */
const keepMs = 2 * dayMs;

export const passwordResetMessages = {
  noMail: ownerPasswordTexts.noMail,
  perDevice: (limit: number, wait: string) =>
    `${countWord(limit)} links were already sent from this device in the last hour. You can ask again in ${wait}.`,
  perDay: (limit: number, wait: string) =>
    `${countWord(limit)} links were already sent today. You can ask again in ${wait}.`,
} as const;

export type ResetRequestResult =
  | { outcome: 'sent'; to: string }
  | { outcome: 'no-mail'; message: string }
  | { outcome: 'limited'; message: string; retryAfterSeconds: number };

export type SetPasswordResult =
  | ({ outcome: 'set' } & SignedOutEverywhere)
  | { outcome: 'refused'; state: Exclude<ResetLinkState, 'valid'> }
  | { outcome: 'weak'; message: string };

/** Where the reset link goes and whether mail can go out at all (server/index.ts decides). */
export interface ResetMailSetup {
  /** Mail reaches someone: SMTP, or the .eml folder of a development server (asked each time: the owner may set mail up in the app). */
  ready: boolean | (() => Promise<boolean>);
  /** The owner's address (ownerResetAddress); null when there is none. */
  address: () => Promise<string | null>;
}

export { resetTokenHash } from './one-time-links';
const deviceHash = (device: string) => createHash('sha256').update(`reset-device\u0000${device}`).digest('base64url');

/** Any number, so that two tabs or two servers counting at once wait for each other. */
const requestLock = 0x72657365;

/**
 * "Forgot the password?": writes the link's e-mail to the outbox (whose worker makes the token,
 * see password-reset-mail.ts), tells a link's state, and sets the new password with it: single
 * use, within 30 minutes, in one transaction with signing out everywhere, removing every push
 * device and clearing the sign-in lockouts.
 */
export function createPasswordResets(deps: {
  database: DatabaseHandle;
  mail: ResetMailSetup;
  limits?: Partial<PasswordResetLimits>;
  now?: () => Date;
  /** Called once a link's e-mail, or the notice of a new password, is in the outbox (wakes the worker). */
  onWritten?: () => void;
  /** Tests: a quick hash instead of the real one. */
  hashSettings?: PasswordHashSettings;
}) {
  const { database, mail } = deps;
  const limits = { ...passwordResetLimits, ...deps.limits };
  const now = deps.now ?? (() => new Date());

  const mailReady = async () => (typeof mail.ready === 'boolean' ? mail.ready : mail.ready());

  async function available(): Promise<boolean> {
    return (await mailReady()) && Boolean(await mail.address());
  }

  /**
   * The device asking: its device cookie's id when it signed in here before (as sign-in.ts knows
   * it), its address otherwise.
   */
  async function deviceOf(ip: string, deviceCookie: string | undefined): Promise<{ id: string; known: boolean }> {
    const stored = deviceCookie ? await ownerPasswordHash(database.db) : null;
    const device = deviceCookie && stored ? knownDevice(deviceCookie, stored) : null;
    return device ? { id: `device:${device}`, known: true } : { id: `address:${ip}`, known: false };
  }

  async function request(ip: string, deviceCookie?: string): Promise<ResetRequestResult> {
    const to = (await mailReady()) ? await mail.address() : null;
    if (!to) return { outcome: 'no-mail', message: passwordResetMessages.noMail };
    const device = await deviceOf(ip, deviceCookie);
    const requestedBy = deviceHash(device.id);
    const result = await database.transaction(async (tx): Promise<ResetRequestResult> => {
      await tx.execute(sql`select pg_advisory_xact_lock(${requestLock})`);
      const at = now();
      await forgetOld(tx, at);
      const rows = await tx
        .select({
          createdAt: ownerPasswordResets.createdAt,
          requestedBy: ownerPasswordResets.requestedBy,
          fromKnownDevice: ownerPasswordResets.fromKnownDevice,
        })
        .from(ownerPasswordResets)
        .where(gt(ownerPasswordResets.createdAt, new Date(at.getTime() - dayMs)))
        .orderBy(asc(ownerPasswordResets.createdAt));
      // His own device's day is its own links; a stranger's is every stranger's together.
      const lastDay = rows.filter((row) => (device.known ? row.requestedBy === requestedBy : !row.fromKnownDevice));
      const lastHour = lastDay.filter(
        (row) => row.requestedBy === requestedBy && row.createdAt.getTime() > at.getTime() - hourMs,
      );
      // When the oldest link that keeps a count full leaves its window.
      const freeAt = (rows: typeof lastDay, limit: number, windowMs: number) =>
        rows.length >= limit ? rows[rows.length - limit]!.createdAt.getTime() + windowMs : 0;
      const deviceFree = freeAt(lastHour, limits.perDevicePerHour, hourMs);
      const dayFree = freeAt(lastDay, limits.perDay, dayMs);
      if (deviceFree || dayFree) {
        const retryAfterSeconds = Math.max(1, Math.ceil((Math.max(deviceFree, dayFree) - at.getTime()) / 1000));
        const wait = waitText(retryAfterSeconds);
        const message =
          dayFree > deviceFree
            ? passwordResetMessages.perDay(limits.perDay, wait)
            : passwordResetMessages.perDevice(limits.perDevicePerHour, wait);
        return { outcome: 'limited', message, retryAfterSeconds };
      }
      const [delivery] = await tx
        .insert(deliveries)
        .values({ quoteRequestId: null, kind: 'owner_password_reset' })
        .returning({ id: deliveries.id });
      await tx.insert(ownerPasswordResets).values({
        deliveryId: delivery!.id,
        requestedBy,
        fromKnownDevice: device.known,
        createdAt: at,
        expiresAt: new Date(at.getTime() + resetLinkMinutes * 60_000),
      });
      return { outcome: 'sent', to: maskedAddress(to) };
    });
    if (result.outcome === 'sent') deps.onWritten?.();
    return result;
  }

  async function state(token: string, db: Database = database.db): Promise<ResetLinkState> {
    if (!token || token.length > 200) return 'unknown';
    const [row] = await db
      .select({ expiresAt: ownerPasswordResets.expiresAt, usedAt: ownerPasswordResets.usedAt })
      .from(ownerPasswordResets)
      .where(eq(ownerPasswordResets.tokenHash, resetTokenHash(token)))
      .limit(1);
    if (!row) return 'unknown';
    if (row.usedAt) return 'used';
    return row.expiresAt.getTime() <= now().getTime() ? 'expired' : 'valid';
  }

  const setWithLink = passwordByLink({ database, state, now, hashSettings: deps.hashSettings });
  async function setPassword(token: string, password: string): Promise<SetPasswordResult> {
    const result = await setWithLink(token, password, async (tx, at) => {
      // Taken here, with the password: of two tabs sending the same link, one sets it.
      if (!(await takeLink(tx, 'owner_password_resets', resetTokenHash(token), at))) return false;
      // He hears of it at his address: a change he did not make does not go unseen.
      await tx.insert(deliveries).values({ quoteRequestId: null, kind: 'owner_password_changed', createdAt: at });
      return true;
    });
    if (result.outcome === 'set') deps.onWritten?.();
    return result;
  }

  return { available, request, state, setPassword };
}

export type PasswordResets = ReturnType<typeof createPasswordResets>;

class LinkTaken extends Error {}

/**
 * Sets the password with a one-time link (a reset link, the first set-up link): the link must be
 * valid and the password strong; then, in one transaction, `take` takes the link (false when
 * another tab or server took it first), the sign-in lockouts are forgotten, and every session ends
 * and every push device goes (setOwnerPassword).
 */
export function passwordByLink(deps: {
  database: DatabaseHandle;
  state: (token: string) => Promise<ResetLinkState>;
  now: () => Date;
  hashSettings?: PasswordHashSettings;
}) {
  return async (
    token: string,
    password: string,
    take: (tx: Database, at: Date) => Promise<boolean>,
  ): Promise<SetPasswordResult> => {
    const before = await deps.state(token);
    if (before !== 'valid') return { outcome: 'refused', state: before };
    const problem = passwordProblem(password);
    if (problem) return { outcome: 'weak', message: problem };
    try {
      const ended = await setOwnerPassword(
        (work) =>
          deps.database.transaction(async (tx) => {
            if (!(await take(tx, deps.now()))) throw new LinkTaken();
            await clearSignInLockouts(tx);
            return work(tx);
          }),
        password,
        deps.hashSettings,
      );
      return { outcome: 'set', ...ended };
    } catch (error) {
      if (!(error instanceof LinkTaken)) throw error;
      const after = await deps.state(token);
      return { outcome: 'refused', state: after === 'valid' ? 'used' : after };
    }
  };
}

/** Links older than both windows go, with their e-mails (sent or failed: a pending one is younger). */
async function forgetOld(tx: Database, at: Date): Promise<void> {
  const old = await tx
    .delete(ownerPasswordResets)
    .where(lt(ownerPasswordResets.createdAt, new Date(at.getTime() - keepMs)))
    .returning({ deliveryId: ownerPasswordResets.deliveryId });
  const ids = old.map((row) => row.deliveryId).filter((id): id is string => id !== null);
  if (ids.length)
    await tx.delete(deliveries).where(and(inArray(deliveries.id, ids), sql`${deliveries.status} <> 'pending'`));
}

/**
 * `d•••@gmail.com`: enough for the owner to know which of his inboxes to open, too little for a
 * stranger who taps the button to learn the address.
 */
export function maskedAddress(address: string): string {
  const at = address.lastIndexOf('@');
  return at > 0 ? `${address[0]}•••${address.slice(at)}` : '•••';
}

/** `42 minutes`, `1 hour and 5 minutes`: how long until another link may be asked for. */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (!hours) return part(minutes, 'minute');
  return rest ? `${part(hours, 'hour')} and ${part(rest, 'minute')}` : part(hours, 'hour');
}

const countWords = ['No', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten'];
const countWord = (n: number) => countWords[n] ?? String(n);

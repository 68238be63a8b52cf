import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ResetLinkState } from '@shared/schemas/owner-password-reset';
import { setupLinkHours } from '@shared/schemas/owner-setup';
import type { Database, DatabaseHandle } from '../../db/client';
import { deliveries, ownerSetupLinks } from '../../db/schema';
import { ownerPasswordHash, setOwnerPassword, type SignedOutEverywhere } from './owner-sessions';
import { passwordProblem, type PasswordHashSettings } from './password-hash';
import { resetTokenHash } from './password-reset';
import { clearSignInLockouts } from './sign-in';

const linkMs = setupLinkHours * 3600_000;
/** Any number, so that two set-up links used at once, from any server, wait for each other. */
const setupLock = 0x73657475;

export type SetupResult =
  | ({ outcome: 'set' } & SignedOutEverywhere)
  | { outcome: 'refused'; state: Exclude<ResetLinkState, 'valid'> }
  | { outcome: 'weak'; message: string };

/** What a start with no owner password made: the logged link's token, and whether an e-mail of one was written. */
export interface SetupAtStart {
  token: string;
  emailed: boolean;
}

/**
 * The owner's first password without a shell: at each start of a site with no password, a new
 * link (one use, 24 hours; the older ones keep working until they run out, so a second server's
 * start does not spoil the first one's), written to the log by server/index.ts; once mail works,
 * an e-mail of one too, at most one a day (setup-link-mail.ts makes its token as it sends). The
 * link sets the password only while the site has none: `npm run owner:password`, or another
 * link, ends them all.
 */
export function createSetupLinks(deps: {
  database: DatabaseHandle;
  now?: () => Date;
  /** Called once a set-up e-mail is in the outbox (wakes the worker). */
  onWritten?: () => void;
  /** Tests: a quick hash instead of the real one. */
  hashSettings?: PasswordHashSettings;
}) {
  const { database } = deps;
  const now = deps.now ?? (() => new Date());

  async function passwordSet(db: Database = database.db): Promise<boolean> {
    return (await ownerPasswordHash(db)) !== null;
  }

  /** At start: null when the owner has a password; else a new link, and its e-mail when `mailReady`. */
  async function atStart(options: { mailReady: boolean }): Promise<SetupAtStart | null> {
    const token = randomBytes(32).toString('base64url');
    const made = await database.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${setupLock})`);
      if (await passwordSet(tx)) return null;
      const at = now();
      const expiresAt = new Date(at.getTime() + linkMs);
      await tx.insert(ownerSetupLinks).values({ tokenHash: resetTokenHash(token), createdAt: at, expiresAt });
      if (!options.mailReady) return { token, emailed: false };
      const [recent] = await tx
        .select({ id: ownerSetupLinks.id })
        .from(ownerSetupLinks)
        .innerJoin(deliveries, eq(deliveries.id, ownerSetupLinks.deliveryId))
        .where(gt(ownerSetupLinks.createdAt, new Date(at.getTime() - linkMs)))
        .limit(1);
      if (recent) return { token, emailed: false };
      const [delivery] = await tx
        .insert(deliveries)
        .values({ quoteRequestId: null, kind: 'owner_setup_link', createdAt: at })
        .returning({ id: deliveries.id });
      await tx.insert(ownerSetupLinks).values({ deliveryId: delivery!.id, createdAt: at, expiresAt });
      return { token, emailed: true };
    });
    if (made?.emailed) deps.onWritten?.();
    return made;
  }

  async function state(token: string): Promise<ResetLinkState> {
    if (!token || token.length > 200) return 'unknown';
    const [row] = await database.db
      .select({ expiresAt: ownerSetupLinks.expiresAt, usedAt: ownerSetupLinks.usedAt })
      .from(ownerSetupLinks)
      .where(eq(ownerSetupLinks.tokenHash, resetTokenHash(token)))
      .limit(1);
    if (!row) return 'unknown';
    if (row.usedAt || (await passwordSet())) return 'used';
    return row.expiresAt.getTime() <= now().getTime() ? 'expired' : 'valid';
  }

  async function setPassword(token: string, password: string): Promise<SetupResult> {
    const before = await state(token);
    if (before !== 'valid') return { outcome: 'refused', state: before };
    const problem = passwordProblem(password);
    if (problem) return { outcome: 'weak', message: problem };
    try {
      const ended = await setOwnerPassword(
        (work) =>
          database.transaction(async (tx) => {
            await tx.execute(sql`select pg_advisory_xact_lock(${setupLock})`);
            // A password set meanwhile (another link, the command) wins: this link is spent.
            if (await passwordSet(tx)) throw new LinkSpent();
            const at = now();
            const [taken] = await tx
              .update(ownerSetupLinks)
              .set({ usedAt: at })
              .where(
                and(
                  eq(ownerSetupLinks.tokenHash, resetTokenHash(token)),
                  isNull(ownerSetupLinks.usedAt),
                  gt(ownerSetupLinks.expiresAt, at),
                ),
              )
              .returning({ id: ownerSetupLinks.id });
            if (!taken) throw new LinkSpent();
            // The site has its password: every other set-up link is withdrawn.
            await tx.update(ownerSetupLinks).set({ usedAt: at }).where(isNull(ownerSetupLinks.usedAt));
            await clearSignInLockouts(tx);
            return work(tx);
          }),
        password,
        deps.hashSettings,
      );
      return { outcome: 'set', ...ended };
    } catch (error) {
      if (!(error instanceof LinkSpent)) throw error;
      const after = await state(token);
      return { outcome: 'refused', state: after === 'valid' ? 'used' : after };
    }
  }

  return { passwordSet: () => passwordSet(), atStart, state, setPassword };
}

export type SetupLinks = ReturnType<typeof createSetupLinks>;

class LinkSpent extends Error {}

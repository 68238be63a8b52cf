import { randomBytes } from 'node:crypto';
import { eq, gt, sql } from 'drizzle-orm';
import type { ResetLinkState } from '@shared/schemas/owner-password-reset';
import { setupLinkHours } from '@shared/schemas/owner-setup';
import type { Database, DatabaseHandle } from '../../db/client';
import { deliveries, ownerSetupLinks } from '../../db/schema';
import { ownerPasswordHash } from './owner-sessions';
import type { PasswordHashSettings } from './password-hash';
import { passwordByLink, type SetPasswordResult } from './password-reset';
import { resetTokenHash, takeLink } from './one-time-links';

const linkMs = setupLinkHours * 3600_000;
/** Any number, so that two set-up links used at once, from any server, wait for each other. */
const setupLock = 0x73657475;

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

  const setWithLink = passwordByLink({ database, state, now, hashSettings: deps.hashSettings });
  const setPassword = (token: string, password: string): Promise<SetPasswordResult> =>
    setWithLink(token, password, async (tx, at) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${setupLock})`);
      // A password set meanwhile (another link, the command) wins: this link is spent.
      if (await passwordSet(tx)) return false;
      return takeLink(tx, 'owner_setup_links', resetTokenHash(token), at);
    });

  return { passwordSet: () => passwordSet(), atStart, state, setPassword };
}

export type SetupLinks = ReturnType<typeof createSetupLinks>;

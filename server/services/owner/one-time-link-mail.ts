import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { execute, type DatabaseHandle } from '../../db/client';
import type { MailMessage, Mailer } from '../alerts/types';
import type { ClaimedOwnMessage } from '../outbox/outbox-worker';
import { linkStillOpen, resetTokenHash, type LinkTable } from './one-time-links';

/** What one kind of one-time link (a reset link, the first set-up link) brings to its e-mail's sender. */
export interface OneTimeLink {
  /** `reset`, `set-up`: for the errors. */
  what: string;
  table: LinkTable;
  /** Whether a link may go at all now (the set-up link: not once the site has a password). */
  wanted?: () => Promise<boolean>;
  path: (token: string) => string;
  message: (options: { from: string; to: string; link: string; expiresAt: Date }) => MailMessage;
  /** The link was used, withdrawn or ran out before it went: nothing to send, never retried. */
  Gone: new (message: string) => Error;
}

/**
 * Sends the outbox's e-mail of a one-time link to the owner. The token is made here, at each try,
 * and only its hash is stored (claim): nothing in the database, a backup or a log can rebuild the
 * link. A try that fails leaves a hash no e-mail carries; the next try makes a new token. Should a
 * crash make the outbox send one twice (its at-least-once window), the later e-mail's link is the
 * one that works; each try has its own Message-ID, so a mail app does not hide the later one as a
 * copy of the first.
 */
export interface OneTimeLinkMailDeps {
  database: DatabaseHandle;
  mailer: Mailer;
  settings: { from: string; siteUrl: string };
  address: () => Promise<string | null>;
  now?: () => Date;
}

export function oneTimeLinkMail(deps: OneTimeLinkMailDeps, link: OneTimeLink) {
  const { mailer, settings } = deps;
  const now = deps.now ?? (() => new Date());
  const domain = /@([^>\s]+)>?\s*$/.exec(settings.from)?.[1] ?? 'localhost';

  /** The new token's hash on the link of this delivery while it is open; its expiry, or null. */
  async function claim(deliveryId: string, tokenHash: string): Promise<Date | null> {
    const { rows } = await execute<{ expires_at: Date | string }>(
      deps.database.db,
      sql`update ${sql.identifier(link.table)} set token_hash = ${tokenHash}
           where delivery_id = ${deliveryId} and ${linkStillOpen(now())} returning expires_at`,
    );
    return rows[0] ? new Date(rows[0].expires_at) : null;
  }

  async function deliver(message: ClaimedOwnMessage): Promise<void> {
    const to = await deps.address();
    if (!to) throw new Error(`The owner has no e-mail address for the ${link.what} link`);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = (await link.wanted?.()) === false ? null : await claim(message.id, resetTokenHash(token));
    if (!expiresAt) throw new link.Gone(`The ${link.what} link was used, withdrawn or ran out before it could be sent`);
    const url = new URL(link.path(token), settings.siteUrl).toString();
    await mailer.send({
      ...link.message({ from: settings.from, to, link: url, expiresAt }),
      messageId: `<${message.id}.${message.attempt}@${domain}>`,
    });
  }

  return { deliver, isPermanent: (error: unknown) => error instanceof link.Gone };
}

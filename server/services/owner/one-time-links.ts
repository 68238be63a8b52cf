import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { execute, type Database } from '../../db/client';

/**
 * What the one-time links that set the owner's password (a reset link, the first set-up link)
 * share: only their token's SHA-256 is stored, and the one that sets it withdraws the others.
 */
export const resetTokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The tables of one-time links: a row per link, its token's hash, when it runs out and when it was used. */
export type LinkTable = 'owner_password_resets' | 'owner_setup_links';

export const linkStillOpen = (at: Date) => sql`used_at is null and expires_at > ${at.toISOString()}::timestamptz`;

/**
 * In the transaction that sets the password: takes the link of `tokenHash` while it is open (false
 * when another tab or server took it first, or it ran out), and withdraws every other link still
 * out, the password they were for being gone.
 */
export async function takeLink(tx: Database, table: LinkTable, tokenHash: string, at: Date): Promise<boolean> {
  const name = sql.identifier(table);
  const used = sql`update ${name} set used_at = ${at.toISOString()}::timestamptz`;
  const { rows } = await execute(
    tx,
    sql`${used} where token_hash = ${tokenHash} and ${linkStillOpen(at)} returning id`,
  );
  if (rows.length > 0) await tx.execute(sql`${used} where used_at is null`);
  return rows.length > 0;
}

import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { siteContentVersion } from '../../db/schema';

/**
 * Moves the site's content version: call it inside the transaction of every change that alters a
 * public page (publishing, unpublishing or editing a published project; approving a review...).
 * It commits with the change or not at all, and every server renders its pages again once it sees
 * the new version (content-watcher.ts), this one at once through `SiteContentWatcher.refresh()`.
 */
export async function bumpContentVersion(tx: Database): Promise<number> {
  const [row] = await tx
    .update(siteContentVersion)
    .set({ version: sql`${siteContentVersion.version} + 1`, changedAt: sql`now()` })
    .where(eq(siteContentVersion.id, 1))
    .returning({ version: siteContentVersion.version });
  if (!row) throw new Error('site_content_version has no row (migration 0006 inserts it)');
  return row.version;
}

/** The current content version: one primary-key read, cheap enough to poll every few seconds. */
export async function readContentVersion(db: Database): Promise<number> {
  const [row] = await db
    .select({ version: siteContentVersion.version })
    .from(siteContentVersion)
    .where(eq(siteContentVersion.id, 1));
  return row?.version ?? 0;
}

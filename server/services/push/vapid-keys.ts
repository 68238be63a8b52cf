import { eq } from 'drizzle-orm';
import webPush from 'web-push';
import type { DatabaseHandle } from '../../db/client';
import { vapidKeys } from '../../db/schema';
import { loadOnce } from '../load-once';

export interface VapidKeys {
  /** base64url of the uncompressed P-256 public key: the browser's applicationServerKey. */
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID key pair: the one given (VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY), else the one in
 * the database, else a new pair stored there. Servers starting together on one database agree:
 * the first insert wins and every server reads the stored row.
 */
export async function loadVapidKeys(database: DatabaseHandle, given?: VapidKeys): Promise<VapidKeys> {
  if (given) return given;
  const { db } = database;
  const read = async () => {
    const [row] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, 1));
    return row ? { publicKey: row.publicKey, privateKey: row.privateKey } : undefined;
  };
  const stored = await read();
  if (stored) return stored;
  const created = webPush.generateVAPIDKeys();
  await db
    .insert(vapidKeys)
    .values({ id: 1, ...created })
    .onConflictDoNothing();
  const kept = await read();
  if (!kept) throw new Error('The VAPID keys could not be stored');
  return kept;
}

/** loadVapidKeys once, when first needed (see loadOnce: a failed load is tried again). */
export function vapidKeysLoader(database: DatabaseHandle, given?: VapidKeys): () => Promise<VapidKeys> {
  return loadOnce(() => loadVapidKeys(database, given));
}

/**
 * The VAPID `sub` claim: how a push service reaches the sender. An https site address, or the
 * owner's e-mail when the site is not on https (Apple's push service accepts nothing else).
 */
export function vapidSubject(siteUrl: string, ownerEmail: string): string {
  return siteUrl.startsWith('https://') ? siteUrl : `mailto:${ownerEmail}`;
}

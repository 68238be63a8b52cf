import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { serverSecrets } from '../db/schema';
import { loadOnce } from './load-once';

export type ServerSecretName = 'contact-tap-salt' | 'visit-token-key' | 'visit-address-salt';

/**
 * The secret of that name, created at random the first time it is asked for and kept in the
 * database, so every server process on it uses the same one (the first insert wins). Loaded once
 * per process, when first needed (loadOnce).
 */
export function serverSecretLoader(database: DatabaseHandle, name: ServerSecretName): () => Promise<string> {
  return loadOnce(async () => {
    const { db } = database;
    await db
      .insert(serverSecrets)
      .values({ name, value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
    if (!row) throw new Error(`The server secret ${name} could not be stored`);
    return row.value;
  });
}

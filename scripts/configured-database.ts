import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatabaseInUseError, openDatabase, type DatabaseHandle } from '../server/db/client';
import type { Env } from '../server/env';

/**
 * The database the site itself is configured with, for the owner's command-line tools: Postgres
 * with DATABASE_URL, else the embedded one in DATA_DIR (relative to the project). While a running
 * site holds the embedded database, says so in one line and exits 1.
 */
export async function openConfiguredDatabase(env: Env): Promise<DatabaseHandle> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  try {
    return await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.resolve(root, env.DATA_DIR) });
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

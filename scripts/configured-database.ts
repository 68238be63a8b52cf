import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatabaseInUseError, openDatabase, type DatabaseHandle } from '../server/db/client';
import type { Env } from '../server/env';
import { packageRoot } from '../server/package-root';

/**
 * The database the site itself is configured with, for the owner's command-line tools: Postgres
 * with DATABASE_URL, else the embedded one in DATA_DIR (relative to the project). While a running
 * site holds the embedded database, says so in one line and exits 1.
 */
export async function openConfiguredDatabase(env: Env): Promise<DatabaseHandle> {
  const root = packageRoot(path.dirname(fileURLToPath(import.meta.url)));
  try {
    return await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.resolve(root, env.DATA_DIR) });
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/**
 * A path the operator typed, relative to where they typed it (npm runs scripts from the project
 * folder). In its own module rather than in one command's: a command another imports would run
 * its bundle from a shared chunk (scripts/build-server.ts), where it no longer knows it was started.
 */
export const operatorPath = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

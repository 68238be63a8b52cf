import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle database, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  close: () => Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Migrations live in server/db/migrations; the production build copies them to
 * dist/server/migrations, beside the bundle, so this resolves in both layouts.
 */
export const migrationsFolder = path.join(here, 'migrations');

/**
 * Opens Postgres through `pg` when a URL is given, otherwise embedded PGlite stored on disk in
 * `dataDir` (or in memory with `dataDir: null`, for tests). Applies the drizzle migrations.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string | null;
  migrations?: string;
}): Promise<DatabaseHandle> {
  const migrations = options.migrations ?? migrationsFolder;
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder: migrations });
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dataPath: string | undefined;
  let unlock = () => {};
  if (options.dataDir) {
    dataPath = path.resolve(options.dataDir, 'pglite');
    mkdirSync(dataPath, { recursive: true });
    unlock = lockDataDir(path.resolve(options.dataDir));
  }
  try {
    const client = new PGlite(dataPath);
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: migrations });
    const close = async () => {
      await client.close();
      unlock();
    };
    return { db: db as unknown as Database, kind: 'pglite', close };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** Another process has the embedded database open. */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another process (pid ${pid}), probably the running site. ` +
        'PGlite can be opened by only one process at a time: stop the server and try again, ' +
        'or use Postgres (DATABASE_URL), which any number of processes can share.',
    );
    this.name = 'DatabaseInUseError';
  }
}

/**
 * PGlite keeps the database in memory and writes it back to its folder, so two processes on one
 * folder silently lose each other's rows. A lock file with the owner's pid prevents that; a lock
 * left by a process that no longer runs is taken over. Returns the release function.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      const release = () => rmSync(lockFile, { force: true });
      process.once('exit', release);
      return () => {
        process.off('exit', release);
        release();
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid))
      throw new DatabaseInUseError(dataDir, pid);
    rmSync(lockFile, { force: true });
  }
  throw new Error(`Could not lock ${lockFile}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

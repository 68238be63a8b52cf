import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PoolClient } from 'pg';
import { safeError, silentLogger, type Logger } from '../logger';
import { makeTreePrivate } from '../private-files';
import { isDatabaseUnavailable } from './errors';
import { pgliteStartParams, seedFromTemplate } from './pglite-template';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle database, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws.
   * Use this rather than `db.transaction` (see openPostgres for why).
   */
  transaction: <T>(work: (tx: Database) => Promise<T>) => Promise<T>;
  /**
   * Runs `work` with plain SQL on one connection of its own (the backups' catalog look-ups and
   * advisory lock). On PGlite, the one connection everything shares.
   */
  withSession: <T>(work: (session: SqlSession) => Promise<T>) => Promise<T>;
  /**
   * Runs `work` with plain SQL in one transaction on a connection of its own, without the request
   * timeouts: 'snapshot' is read-only and sees the database as it was at one moment (REPEATABLE
   * READ), whatever commits meanwhile; 'write' commits all of its work or none of it. On PGlite
   * every other query waits until it ends.
   */
  sqlTransaction: <T>(mode: 'snapshot' | 'write', work: (session: SqlSession) => Promise<T>) => Promise<T>;
  /** Applies the migrations of `folder` (default: the site's own) that are not applied yet. */
  migrate: (folder?: string) => Promise<void>;
  close: () => Promise<void>;
}

/** What runs on a database about to be migrated, with the migrations' folder. */
export type BeforeMigrating = (database: DatabaseHandle, migrations: string) => Promise<void>;

/** Plain SQL on one connection, with $1... parameters. */
export interface SqlSession {
  /** The rows as objects by column name. */
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
  /** The rows as arrays of values, in the order of the select list. */
  queryArrays(text: string, params?: readonly unknown[]): Promise<unknown[][]>;
}

/** Any constant: the advisory lock that lets one instance at a time apply the migrations. */
const migrationLock = 72_164_001;

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Migrations live in server/db/migrations; the production build copies them to
 * dist/server/migrations, beside the bundle, so this resolves in both layouts.
 */
export const migrationsFolder = path.join(here, 'migrations');

/**
 * Bounds on every wait for Postgres, so that a stopped or frozen database turns into a quick 503
 * instead of requests that hang: a submission gives up within a few seconds.
 */
const postgresTimeouts = {
  /** Opening a connection. */
  connectMs: 3_000,
  /** One statement on the server (Postgres cancels it: SQLSTATE 57014). */
  statementMs: 5_000,
  /** The same bound on the client side, for a database that stopped answering at all. */
  queryMs: 6_000,
  /** A transaction left open by a client that went away. */
  idleInTransactionMs: 10_000,
} as const;

/**
 * Text parameters are sent to PGlite well formed: an unpaired UTF-16 surrogate (JSON may carry
 * one, as in `"\udfff"`) becomes U+FFFD, as Node's own UTF-8 encoding makes it for Postgres.
 * PGlite passed some such strings on as a broken byte sequence, and the query failed (a quote
 * request answered 500). By type OID: text and varchar.
 */
const unpairedSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const wellFormedText = (value: unknown) => String(value).replace(unpairedSurrogate, '\uFFFD');
const wellFormedTextSerializers = { 25: wellFormedText, 1043: wellFormedText };

/**
 * Opens Postgres through `pg` when a URL is given, otherwise embedded PGlite stored on disk in
 * `dataDir` (or in memory with `dataDir: null`, for tests). Applies the drizzle migrations of
 * `migrations` (default: the site's own), unless `migrate` is false (the backups read and restore
 * a database as it is). A new data folder for the site's own migrations starts as a copy of the
 * migrated template when there is one (see pglite-template.ts); an in-memory one from
 * `memoryTemplate`, a PGlite dump of a migrated database (the tests').
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string | null;
  migrations?: string;
  migrate?: boolean;
  memoryTemplate?: Blob;
  logger?: Logger;
  /**
   * Runs before the migrations at opening, on the database as it is (on Postgres under the lock
   * that lets one instance migrate): the server's backup before an update's migrations.
   */
  beforeMigrating?: BeforeMigrating;
}): Promise<DatabaseHandle> {
  const migrations = options.migrate === false ? null : (options.migrations ?? migrationsFolder);
  const logger = options.logger ?? silentLogger;
  const before = options.beforeMigrating;
  if (options.databaseUrl) return openPostgres(options.databaseUrl, migrations, logger, before);
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dataPath: string | undefined;
  let unlock = () => {};
  if (options.dataDir) {
    dataPath = path.resolve(options.dataDir, 'pglite');
    mkdirSync(path.resolve(options.dataDir), { recursive: true, mode: 0o700 });
    unlock = lockDataDir(path.resolve(options.dataDir));
  }
  try {
    if (dataPath) {
      // Only under the lock: two processes must not both copy.
      if (migrations === migrationsFolder && seedFromTemplate(dataPath, migrationsFolder))
        logger.info("embedded database: new data folder made from the build's migrated template");
      mkdirSync(dataPath, { recursive: true });
    }
    // NOTE: options as the only argument: new PGlite(undefined, options) ignores them.
    const client = new PGlite({
      dataDir: dataPath,
      startParams: await pgliteStartParams(),
      loadDataDir: dataPath ? undefined : options.memoryTemplate,
      serializers: wellFormedTextSerializers,
    });
    const db = drizzle(client, { schema });
    const migrateTo = (folder: string) => migrate(db, { migrationsFolder: folder });
    const close = async () => {
      await client.close();
      if (dataPath) await makeTreePrivate(dataPath);
      unlock();
    };
    const session = (on: Pick<typeof client, 'query'>): SqlSession => ({
      query: async <Row>(text: string, params?: readonly unknown[]) =>
        (await on.query<Row>(text, params ? [...params] : undefined)).rows,
      queryArrays: async (text, params) =>
        (await on.query<unknown[]>(text, params ? [...params] : undefined, { rowMode: 'array' })).rows,
    });
    const handle: DatabaseHandle = {
      db: db as unknown as Database,
      kind: 'pglite',
      transaction: (work) => db.transaction((tx) => work(tx as unknown as Database)),
      withSession: (work) => work(session(client)),
      sqlTransaction: (mode, work) =>
        client.transaction(async (tx) => {
          if (mode === 'snapshot') await tx.query('set transaction isolation level repeatable read, read only');
          return work(session(tx));
        }),
      migrate: (folder = migrationsFolder) => migrateTo(folder),
      close,
    };
    if (migrations) {
      await before?.(handle, migrations);
      await migrateTo(migrations);
    }
    // PGlite writes the files of a new database 0666 and a few of its own 0644 whatever the
    // umask: made the site's alone once it is open, and again as it closes.
    if (dataPath) await makeTreePrivate(dataPath);
    return handle;
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * pg's own read timeout (the pool's `query_timeout`) is kept per connection and ends a query the
 * client has waited on too long, whatever the server's bounds say: lifted on this connection for
 * long work (the migrations, a backup's transaction), and put back before it returns to the pool.
 */
function liftReadTimeout(client: PoolClient): () => void {
  const parameters = (client as unknown as { connectionParameters: { query_timeout?: number } }).connectionParameters;
  const before = parameters.query_timeout;
  parameters.query_timeout = 0;
  return () => {
    parameters.query_timeout = before;
  };
}

async function openPostgres(
  databaseUrl: string,
  migrations: string | null,
  logger: Logger,
  before?: BeforeMigrating,
): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: postgresTimeouts.connectMs,
    statement_timeout: postgresTimeouts.statementMs,
    query_timeout: postgresTimeouts.queryMs,
    idle_in_transaction_session_timeout: postgresTimeouts.idleInTransactionMs,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    application_name: 'rim-country-carpentry',
  });
  // NOTE: a connection that Postgres ends (a restart: "terminating connection due to
  // administrator command") emits 'error'; unhandled, that event would end the process. Idle
  // connections report to the pool, checked-out ones to their client: both are logged and
  // dropped, and the pool opens fresh connections once the database is back.
  pool.on('error', (error) => logger.warn({ error: safeError(error) }, 'database connection lost'));
  pool.on('connect', (client) => {
    client.on('error', (error) => logger.warn({ error: safeError(error) }, 'database connection lost'));
  });

  /**
   * NOTE: drizzle's own db.transaction() sends BEGIN outside its try/finally, so a BEGIN that
   * times out never returns the connection to the pool (drizzle-team/drizzle-orm#6023), and
   * after a failed statement it waits on ROLLBACK over the same stuck connection. Here the
   * connection is always released; one that failed for a connection reason is destroyed rather
   * than reused (Postgres rolls its transaction back when it goes).
   */
  async function transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('begin');
      const result = await work(drizzle(client, { schema }) as unknown as Database);
      await client.query('commit');
      return result;
    } catch (error) {
      if (isDatabaseUnavailable(error)) broken = error instanceof Error ? error : new Error(String(error));
      else
        await client.query('rollback').catch((rollbackFailed: unknown) => {
          broken = rollbackFailed instanceof Error ? rollbackFailed : new Error(String(rollbackFailed));
        });
      throw error;
    } finally {
      client.release(broken);
    }
  }

  async function migrateTo(folder: string, first?: () => Promise<void>) {
    // Several instances may start together on a new database: one migrates, the others wait.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [migrationLock]);
      try {
        await first?.();
        // The migrations run as one transaction: on a busy machine a statement may take longer, or
        // the gap between two longer, than the bounds meant for requests. Lifted for this
        // connection while it migrates, then back to what it was opened with.
        await client.query('set statement_timeout = 0; set idle_in_transaction_session_timeout = 0');
        const restoreReadTimeout = liftReadTimeout(client);
        try {
          await migrate(drizzle(client, { schema }), { migrationsFolder: folder });
        } finally {
          restoreReadTimeout();
        }
      } finally {
        await client.query('reset statement_timeout; reset idle_in_transaction_session_timeout');
        await client.query('select pg_advisory_unlock($1)', [migrationLock]);
      }
    } finally {
      client.release();
    }
  }

  const session = (client: PoolClient): SqlSession => ({
    query: async <Row>(text: string, params?: readonly unknown[]) =>
      (await client.query({ text, values: params ? [...params] : undefined })).rows as Row[],
    queryArrays: async (text, params) =>
      (await client.query({ text, values: params ? [...params] : undefined, rowMode: 'array' })).rows as unknown[][],
  });

  async function withSession<T>(work: (session: SqlSession) => Promise<T>, long = false): Promise<T> {
    const client = await pool.connect();
    const restoreReadTimeout = long ? liftReadTimeout(client) : () => undefined;
    let broken: Error | undefined;
    try {
      return await work(session(client));
    } catch (error) {
      if (isDatabaseUnavailable(error)) broken = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      restoreReadTimeout();
      client.release(broken);
    }
  }

  // Long work (a backup of every table) must not meet the timeouts meant for requests: lifted
  // for this transaction only (SET LOCAL), so the connection goes back to the pool as it was.
  const sqlTransaction: DatabaseHandle['sqlTransaction'] = (mode, work) =>
    withSession(async (plain) => {
      await plain.query(mode === 'snapshot' ? 'begin isolation level repeatable read, read only' : 'begin');
      try {
        await plain.query('set local statement_timeout = 0');
        await plain.query('set local idle_in_transaction_session_timeout = 0');
        const result = await work(plain);
        await plain.query('commit');
        return result;
      } catch (error) {
        await plain.query('rollback').catch(() => {});
        throw error;
      }
    }, true);

  const handle: DatabaseHandle = {
    db: drizzle(pool, { schema }) as unknown as Database,
    kind: 'postgres',
    transaction,
    withSession,
    sqlTransaction,
    migrate: (folder = migrationsFolder) => migrateTo(folder),
    close: () => pool.end(),
  };
  try {
    if (migrations) await migrateTo(migrations, before && (() => before(handle, migrations)));
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  return handle;
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
      writeFileSync(lockFile, String(process.pid), { flag: 'wx', mode: 0o600 });
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

/**
 * Runs raw SQL (for what the query builder cannot say, such as `FOR UPDATE SKIP LOCKED` in a
 * subquery) on either driver: both answer with `rows`, and Postgres with `rowCount`, PGlite with
 * `affectedRows`.
 */
export async function execute<Row = Record<string, unknown>>(
  db: Pick<Database, 'execute'>,
  query: SQL,
): Promise<{ rows: Row[]; count: number }> {
  const result = (await db.execute(query)) as { rows?: Row[]; rowCount?: number | null; affectedRows?: number };
  return { rows: result.rows ?? [], count: Number(result.rowCount ?? result.affectedRows ?? 0) };
}

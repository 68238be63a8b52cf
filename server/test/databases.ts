import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { testPostgresUrl } from './postgres-url';

export { testPostgresUrl };

/**
 * Both database paths for integration tests: embedded PGlite (in memory) and the real Postgres
 * (TEST_POSTGRES_URL, default the local server at 127.0.0.1:5432) in a fresh database that is
 * dropped afterwards. The same drizzle migrations run on both. Without a Postgres server the list
 * holds PGlite only (server/test/postgres-check.ts says so once per run).
 */
const adminUrl = testPostgresUrl;

/** Whether the Postgres leg runs: tests that always need Postgres skip when this is false. */
export const postgresReachable = inject('postgresReachable') !== false;

export interface TestDatabase {
  kind: 'pglite' | 'postgres';
  open: () => Promise<DatabaseHandle>;
  /** Drops what open() created. */
  cleanup: () => Promise<void>;
}

export const testDatabases: TestDatabase[] = [
  {
    kind: 'pglite',
    open: () => openDatabase({ dataDir: null }),
    cleanup: async () => {},
  },
  ...(postgresReachable ? [postgresDatabase()] : []),
];

function postgresDatabase(): TestDatabase {
  const name = `rcc_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = () => new pg.Client({ connectionString: adminUrl });
  return {
    kind: 'postgres',
    open: async () => {
      const client = admin();
      await client.connect();
      await client.query(`create database ${name}`);
      await client.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return openDatabase({ databaseUrl: url.toString() });
    },
    cleanup: async () => {
      const client = admin();
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

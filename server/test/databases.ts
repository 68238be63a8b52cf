import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { adminQuery, testPostgresUrl } from './postgres-url';

export { adminQuery, testPostgresUrl };

/**
 * Both database paths for integration tests: embedded PGlite (in memory, from the template) and the real Postgres
 * (TEST_POSTGRES_URL, default the local server at 127.0.0.1:5432) in a fresh database that is
 * dropped afterwards. The same drizzle migrations run on both. Without a Postgres server the list
 * holds PGlite only (server/test/postgres-check.ts says so once per run).
 */
const adminUrl = testPostgresUrl;

/** Whether the Postgres leg runs: tests that always need Postgres skip when this is false. */
export const postgresReachable = inject('postgresReachable') !== false;

type DumpName = 'pgliteTemplate' | 'pgliteEmptyTemplate';
const dumps = new Map<DumpName, Blob>();

/** One of the global setup's PGlite dumps (server/test/pglite-template-setup.ts), read once per worker. */
function dump(name: DumpName): Blob {
  let blob = dumps.get(name);
  if (!blob) dumps.set(name, (blob = new Blob([readFileSync(inject(name))])));
  return blob;
}

/**
 * An embedded database in memory with every migration applied, loaded from the dump the global
 * setup made rather than through initdb. `migrations`, a folder holding the site's migrations and
 * more (backup-sites.ts): the further ones are applied.
 */
export function openMemoryDatabase(options: { migrations?: string } = {}): Promise<DatabaseHandle> {
  return openDatabase({ dataDir: null, memoryTemplate: dump('pgliteTemplate'), migrations: options.migrations });
}

/**
 * An embedded database in memory as initdb leaves it, loaded from the global setup's dump: with
 * `migrate: false`, empty (a restore's target); else with the migrations of `migrations` applied
 * (a site at an older version's level).
 */
export function openEmptyMemoryDatabase(
  options: { migrations?: string; migrate?: boolean } = {},
): Promise<DatabaseHandle> {
  return openDatabase({ dataDir: null, memoryTemplate: dump('pgliteEmptyTemplate'), ...options });
}

export interface TestDatabase {
  kind: 'pglite' | 'postgres';
  open: () => Promise<DatabaseHandle>;
  /** Drops what open() created. */
  cleanup: () => Promise<void>;
}

export const testDatabases: TestDatabase[] = [
  {
    kind: 'pglite',
    open: openMemoryDatabase,
    cleanup: async () => {},
  },
  ...(postgresReachable ? [postgresDatabase()] : []),
];

export interface FreshPostgresDatabase {
  name: string;
  url: string;
  /** Drops the database, ending every connection to it. */
  drop: () => Promise<void>;
}

/** A new, empty database on the test Postgres server, named after `label` (a copy of `template`, when given). */
export async function freshPostgresDatabase(label: string, template?: string): Promise<FreshPostgresDatabase> {
  const name = `rcc_${label}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => void (await adminQuery(`drop database if exists ${name} with (force)`)),
  };
}

/**
 * A new database on the test Postgres server with every migration applied: a copy of the run's
 * migrated template (server/test/postgres-check.ts). Opening it runs the migrations as ever, and
 * finds them applied.
 */
export async function migratedPostgresDatabase(label: string): Promise<FreshPostgresDatabase> {
  return freshPostgresDatabase(label, inject('postgresTemplate') || undefined);
}

function postgresDatabase(): TestDatabase {
  let created: FreshPostgresDatabase | undefined;
  return {
    kind: 'postgres',
    open: async () => {
      created = await migratedPostgresDatabase('test');
      return openDatabase({ databaseUrl: created.url });
    },
    cleanup: async () => created?.drop(),
  };
}

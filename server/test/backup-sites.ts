import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import S3rver from 's3rver';
import { migrationsFolder, openDatabase, type DatabaseHandle } from '../db/client';
import { listTables, qualified, quoteIdent, textFormatSettings } from '../services/backup/catalog';
import { createLocalDiskStorage } from '../services/storage/local-disk';
import { createS3Storage } from '../services/storage/s3';
import type { PhotoStorage } from '../services/storage/types';
import { testSigningSecret, tempDir } from './http';
import { freshPostgresDatabase, openEmptyMemoryDatabase, openMemoryDatabase } from './databases';

/**
 * Sites for the backup tests: a database (PGlite in memory, or a fresh Postgres database dropped
 * afterwards), a storage (local disk, or a bucket of an in-process s3rver) and a DATA_DIR.
 */

export type DatabaseKind = 'pglite' | 'postgres';

export interface TestSite {
  database: DatabaseHandle;
  storage: PhotoStorage;
  dataDir: string;
  siteUrl: string;
  close: () => Promise<void>;
}

export interface TestS3 {
  endpoint: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  storage: (prefix?: string) => Promise<PhotoStorage>;
  close: () => Promise<void>;
}

/** An S3 stand-in (s3rver) with one bucket. */
export async function startTestS3(): Promise<TestS3> {
  const folder = await tempDir('backup-s3');
  const bucket = 'backup-test-bucket';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: folder.dir,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    credentials,
    storage: (prefix) =>
      createS3Storage({ bucket, region: 'us-east-1', endpoint, forcePathStyle: true, credentials, prefix }),
    close: async () => {
      await server.close();
      await folder.remove();
    },
  };
}

const journalTags = async (folder: string) =>
  (
    JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] }
  ).entries.map((entry) => entry.tag);

/** Whether `folder` (default the site's own) starts with every migration of the site, as the template has them. */
async function holdsTheSiteMigrations(folder: string | undefined): Promise<boolean> {
  if (!folder) return true;
  const [site, theirs] = await Promise.all([journalTags(migrationsFolder), journalTags(folder)]);
  return site.every((tag, index) => theirs[index] === tag);
}

/**
 * Opens a site. `migrate: false` leaves the database as it is (a restore's target); `migrations`
 * replaces the site's own (see testMigrations).
 */
export async function openTestSite(options: {
  kind: DatabaseKind;
  migrations?: string;
  migrate?: boolean;
  s3?: { server: TestS3; prefix?: string };
  siteUrl?: string;
}): Promise<TestSite> {
  const folder = await tempDir('backup-site');
  const dataDir = path.join(folder.dir, 'data');
  let drop = async () => {};
  let database: DatabaseHandle;
  if (options.kind === 'postgres') {
    const created = await freshPostgresDatabase('backup');
    drop = created.drop;
    database = await openDatabase({
      databaseUrl: created.url,
      migrations: options.migrations,
      migrate: options.migrate,
    });
  } else if (options.migrate !== false && (await holdsTheSiteMigrations(options.migrations))) {
    // From the run's migrated template, the folder's further migrations applied over it.
    database = await openMemoryDatabase({ migrations: options.migrations });
  } else {
    // Empty (a restore's target), or at an older version's level: from the dump of an initdb.
    database = await openEmptyMemoryDatabase({ migrations: options.migrations, migrate: options.migrate });
  }
  const storage = options.s3
    ? await options.s3.server.storage(options.s3.prefix)
    : await createLocalDiskStorage({ dir: path.join(dataDir, 'uploads'), secret: testSigningSecret });
  return {
    database,
    storage,
    dataDir,
    siteUrl: options.siteUrl ?? 'https://old-site.example',
    close: async () => {
      await database.close();
      await drop();
      await folder.remove();
    },
  };
}

/**
 * The site's migrations and one more, 0100_test_projects, adding tables of the kind other
 * features add (a table refers to itself, two refer to each other, a serial and an identity
 * column, jsonb, arrays, photo keys and links): the backups must carry them without naming them.
 */
export async function testMigrations(): Promise<{ folder: string; remove: () => Promise<void> }> {
  const folder = await tempDir('backup-migrations');
  await cp(migrationsFolder, folder.dir, { recursive: true });
  const journalFile = path.join(folder.dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { idx: number; when: number }[] };
  const last = journal.entries.at(-1)!;
  journal.entries.push({
    idx: last.idx + 1,
    version: '7',
    when: last.when + 1_000,
    tag: '0100_test_projects',
    breakpoints: true,
  } as (typeof journal.entries)[number]);
  await writeFile(journalFile, JSON.stringify(journal, null, 2));
  await writeFile(
    path.join(folder.dir, '0100_test_projects.sql'),
    `CREATE TABLE "test_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer REFERENCES "test_projects"("id"),
	"quote_request_id" uuid REFERENCES "quote_requests"("id") ON DELETE set null,
	"title" text NOT NULL,
	"featured_photo_id" integer,
	"gallery" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "test_project_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"project_id" integer NOT NULL REFERENCES "test_projects"("id"),
	"image_key" text NOT NULL,
	"image_url" text NOT NULL,
	"width" real,
	"sizes" integer[]
);
--> statement-breakpoint
ALTER TABLE "test_projects" ADD CONSTRAINT "test_projects_featured_fk" FOREIGN KEY ("featured_photo_id") REFERENCES "test_project_photos"("id");`,
  );
  return { folder: folder.dir, remove: folder.remove };
}

/** Every row of every table of the site's schema, as text, in a stable order: two equal sites give equal contents. */
export async function tableContents(database: DatabaseHandle): Promise<Record<string, (string | null)[][]>> {
  return database.sqlTransaction('snapshot', async (session) => {
    for (const setting of textFormatSettings) await session.query(setting);
    const contents: Record<string, (string | null)[][]> = {};
    for (const table of await listTables(session)) {
      const columns = table.columns.map((column) => `${quoteIdent(column.name)}::text`);
      const rows = (await session.queryArrays(`select ${columns.join(', ')} from ${qualified(table.name)}`)) as (
        string | null
      )[][];
      contents[table.name] = rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    }
    return contents;
  });
}

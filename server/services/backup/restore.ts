import { createReadStream } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { migrationsFolder, type DatabaseHandle, type SqlSession } from '../../db/client';
import type { PhotoStorage } from '../storage/types';
import { ArchiveError, readArchive, verifyArchiveFile, type Manifest, type ManifestTable } from './archive';
import {
  listForeignKeys,
  listTables,
  loadOrder,
  ownedSequences,
  qualified,
  quoteIdent,
  textFormatSettings,
  type CatalogTable,
} from './catalog';
import { migrationsUpTo } from './migrations';

/** Where a backup is restored to: the new site's database (opened without migrating), storage and DATA_DIR. */
export interface RestoreTarget {
  database: DatabaseHandle;
  storage: PhotoStorage;
  dataDir: string | null;
  /** The new site's address (SITE_URL): photo links on local disk point there. */
  siteUrl: string;
  /** Storage keys starting with this are not the site's (the nightly backups in the same bucket). */
  skipKeyPrefix?: string;
  migrationsFolder?: string;
}

export interface RestoreResult {
  manifest: Manifest;
  rows: number;
  objects: number;
  dataFiles: number;
  /** Values that were photo links or storage keys of the old site, now the new site's. */
  linksRewritten: number;
}

/**
 * Tables a server fills by itself at its first start (its keys and secrets) or with passing
 * state (rate-limit counters): rows there do not make a database non-empty, and the backup's
 * replace them.
 */
export const serverCreatedTables: readonly string[] = [
  'vapid_keys',
  'server_secrets',
  'rate_limits',
  // Its one row is made by its migration (0006): the content version, 0 until the owner publishes.
  'site_content_version',
  // Its one row is made by its migration (0013): the owner's settings, empty until he saves them.
  'site_settings',
];

/** The restore did not start: nothing was written. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

/** The database or storage already holds a site's data and `--replace` was not given. */
export class TargetNotEmptyError extends RestoreRefusedError {
  constructor(readonly found: string[]) {
    super(
      `Nothing was restored: the target already holds data (${found.join('; ')}). ` +
        'Restore into an empty database and storage, or run again with --replace to delete what is there and put the backup in its place.',
    );
    this.name = 'TargetNotEmptyError';
  }
}

/**
 * Restores the backup in `file`:
 * 1. reads the whole archive and checks every entry against the manifest (nothing is written
 *    before this passes), and that this version of the site has the archive's migrations;
 * 2. refuses a database or storage that holds data (unless `replace`);
 * 3. empties the database and migrates it to the archive's level, loads every table in one
 *    transaction (in the order the archive gives, the references inside cycles added back after),
 *    the photo links and keys rewritten for the new storage and address, the sequences set, and
 *    writes every stored object;
 * 4. applies the migrations newer than the archive, so data migrations run over the loaded rows;
 * 5. writes DATA_DIR's files (the upload secret...), replacing the ones the new server created.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  options: {
    replace?: boolean;
    log?: (line: string) => void;
    /** The manifest of a check of the whole archive done just before (verifyArchiveFile); otherwise done here. */
    verified?: Manifest;
  } = {},
): Promise<RestoreResult> {
  const log = options.log ?? (() => {});
  const folder = target.migrationsFolder ?? migrationsFolder;
  const manifest = options.verified ?? (await verifyArchiveFile(file)).manifest;
  if (!options.verified) log('The archive is complete and every entry matches its checksum.');
  const cut = await migrationsUpTo(folder, manifest.migrations).catch((error: Error) => {
    throw new RestoreRefusedError(error.message);
  });
  try {
    const found = await whatIsThere(target);
    if (found.length > 0 && !options.replace) throw new TargetNotEmptyError(found);
    if (found.length > 0) log(`Replacing what was there: ${found.join('; ')}.`);

    for await (const object of target.storage.objects.list())
      if (!target.skipKeyPrefix || !object.key.startsWith(target.skipKeyPrefix))
        await target.storage.objects.remove(object.key);
    await target.database.sqlTransaction('write', resetDatabase);
    await target.database.migrate(cut.folder);

    const links = linkRewriter(manifest, target);
    const dataFiles = new Map<string, Buffer>();
    let rows = 0;
    await target.database.sqlTransaction('write', async (session) => {
      for (const setting of textFormatSettings) await session.query(setting);
      const loader = await tableLoader(session, manifest, links.rewrite);
      await readArchive(createReadStream(file), {
        expected: manifest,
        onEntry: async (name, content) => {
          if (name.startsWith('db/')) {
            await loader.part(name, content);
          } else if (name.startsWith('objects/')) {
            const object = manifest.objects.find((candidate) => candidate.entry === name)!;
            await target.storage.objects.write(links.keyOf(object.key), content, object.contentType);
          } else if (name.startsWith('data/')) {
            dataFiles.set(name, content);
          }
        },
      });
      rows = await loader.finish();
    });
    log(`Loaded ${rows} rows and ${manifest.objects.length} stored files.`);
    await target.database.migrate(folder);

    if (target.dataDir) {
      for (const dataFile of manifest.dataFiles) {
        const content = dataFiles.get(dataFile.entry)!;
        const destination = path.join(path.resolve(target.dataDir), ...dataFile.path.split('/'));
        await mkdir(path.dirname(destination), { recursive: true });
        await writeFile(`${destination}.restoring`, content, { mode: dataFile.mode & 0o777 || 0o600 });
        await rename(`${destination}.restoring`, destination);
      }
    }
    return {
      manifest,
      rows,
      objects: manifest.objects.length,
      dataFiles: target.dataDir ? manifest.dataFiles.length : 0,
      linksRewritten: links.count(),
    };
  } finally {
    await cut.remove();
  }
}

/** What the target holds: tables with rows (but those a server fills by itself) and stored objects. */
export async function whatIsThere(target: RestoreTarget): Promise<string[]> {
  const found = await target.database.withSession(async (session) => {
    const tables: string[] = [];
    for (const table of await listTables(session)) {
      if (serverCreatedTables.includes(table.name)) continue;
      const [row] = await session.query<{ count: number }>(
        `select count(*)::int as count from ${qualified(table.name)}`,
      );
      if (row && Number(row.count) > 0)
        tables.push(`${table.name}: ${row.count} row${Number(row.count) === 1 ? '' : 's'}`);
    }
    return tables;
  });
  let objects = 0;
  for await (const object of target.storage.objects.list())
    if (!target.skipKeyPrefix || !object.key.startsWith(target.skipKeyPrefix)) objects++;
  if (objects > 0) found.push(`${objects} stored file${objects === 1 ? '' : 's'} (${target.storage.kind})`);
  return found;
}

/**
 * Drops everything of the site's schema (`public`: tables, views, sequences, types, functions,
 * but what extensions own) and drizzle's record of the migrations, so the migrations can build
 * it again at the archive's level.
 */
async function resetDatabase(session: SqlSession): Promise<void> {
  const notExtension = (catalog: string, column: string) =>
    `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${column} and d.deptype = 'e')`;
  const statements = await session.query<{ statement: string }>(
    `select format('drop %s if exists public.%I cascade',
                   case c.relkind when 'v' then 'view' when 'm' then 'materialized view'
                                  when 'S' then 'sequence' when 'f' then 'foreign table' else 'table' end,
                   c.relname) as statement
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and ${notExtension('pg_class', 'c.oid')}
      order by case c.relkind when 'v' then 0 when 'm' then 0 else 1 end, c.relname`,
  );
  for (const { statement } of statements) await session.query(statement);
  const more = await session.query<{ statement: string }>(
    `select format('drop type if exists public.%I cascade', t.typname) as statement
       from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = 'public' and t.typtype in ('e', 'd', 'r', 'm') and ${notExtension('pg_type', 't.oid')}
     union all
     select format('drop routine if exists public.%I(%s) cascade', p.proname, pg_get_function_identity_arguments(p.oid))
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and ${notExtension('pg_proc', 'p.oid')}`,
  );
  for (const { statement } of more) await session.query(statement);
  await session.query('drop table if exists drizzle.__drizzle_migrations');
}

/**
 * The old site's storage keys -> the new site's, and a function that rewrites a value that is
 * one of them, or a link to one (a request's photoUrl: on the old site's address for local disk,
 * the old bucket's URL for S3), into the new site's.
 */
function linkRewriter(manifest: Manifest, target: RestoreTarget) {
  const keys = new Map<string, string>();
  for (const object of manifest.objects)
    keys.set(object.key, target.storage.objects.keyFor(object.name, new Date(object.storedAt)));
  const siteOrigin = new URL(target.siteUrl).origin;
  let count = 0;
  const rewrite = (value: string): string => {
    const key = keys.get(value);
    if (key !== undefined) {
      if (key !== value) count++;
      return key;
    }
    if (!/^https?:\/\/[^/]/.test(value)) return value;
    // The link's path ends with an old key (local disk: /api/objects/<key>; S3: [/<bucket>]/<key>).
    for (let slash = value.indexOf('/', value.indexOf('//') + 2); slash !== -1; slash = value.indexOf('/', slash + 1)) {
      const newKey = keys.get(value.slice(slash + 1));
      if (newKey !== undefined) {
        const url = target.storage.objects.urlOf(newKey, siteOrigin);
        if (url !== value) count++;
        return url;
      }
    }
    return value;
  };
  return { rewrite, keyOf: (oldKey: string) => keys.get(oldKey)!, count: () => count };
}

const textTypes = /^(text|character varying|character|varchar|char|citext)\b/;
const jsonTypes = /^jsonb?$/;

/** Loads the archive's parts into their tables, checking the columns against the database's. */
async function tableLoader(session: SqlSession, manifest: Manifest, rewrite: (value: string) => string) {
  const catalog = new Map((await listTables(session)).map((table) => [table.name, table]));
  const { deferred } = loadOrder(
    manifest.tables.map((table) => table.name),
    await listForeignKeys(session),
  );
  // References that cannot be satisfied row by row (cycles, a table referring to itself) are
  // dropped while loading and added back after, which checks every row then.
  for (const key of deferred)
    await session.query(`alter table ${qualified(key.table)} drop constraint ${quoteIdent(key.name)}`);

  const byPart = new Map<string, { table: ManifestTable; target: CatalogTable }>();
  for (const table of manifest.tables) {
    const target = catalog.get(table.name);
    if (!target)
      throw new ArchiveError(
        `The backup has a table ${table.name} that the database does not have at the backup's migration level: it cannot be restored by this version.`,
      );
    for (const column of table.columns)
      if (!target.columns.some((candidate) => candidate.name === column))
        throw new ArchiveError(
          `The backup has a column ${table.name}.${column} that the database does not have at the backup's migration level: it cannot be restored by this version.`,
        );
    for (const part of table.parts) byPart.set(part, { table, target });
  }
  const loaded = new Map<string, number>();

  const emptied = new Set<string>();
  async function part(name: string, content: Buffer) {
    const { table, target } = byPart.get(name) ?? {};
    if (!table || !target) throw new ArchiveError(`${name} belongs to no table of the manifest: it was altered.`);
    // The database was emptied and migrated to the archive's level: a row here now was made by a
    // migration (the content version's one row), and the archive's rows take its place.
    if (!emptied.has(table.name)) {
      emptied.add(table.name);
      await session.query(`delete from ${qualified(table.name)}`);
    }
    const columns = table.columns.map((column) => target.columns.find((candidate) => candidate.name === column)!);
    const mappers = columns.map((column) =>
      jsonTypes.test(column.type)
        ? (value: string) => JSON.stringify(mapStrings(JSON.parse(value) as unknown, rewrite))
        : textTypes.test(column.type)
          ? rewrite
          : null,
    );
    const rows = content
      .toString('utf8')
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => {
        const values = JSON.parse(line) as (string | null)[];
        if (!Array.isArray(values) || values.length !== columns.length)
          throw new ArchiveError(`A row of ${table.name} does not have the table's ${columns.length} columns.`);
        return values.map((value, index) => (value === null ? null : (mappers[index]?.(value) ?? value)));
      });
    const perBatch = Math.max(1, Math.min(500, Math.floor(30_000 / columns.length)));
    const override = columns.some((column) => column.identity === 'a') ? ' overriding system value' : '';
    const into = `insert into ${qualified(table.name)} (${columns.map((column) => quoteIdent(column.name)).join(', ')})${override} values `;
    for (let start = 0; start < rows.length; start += perBatch) {
      const batch = rows.slice(start, start + perBatch);
      const tuples = batch.map(
        (_, row) =>
          `(${columns.map((column, index) => `($${row * columns.length + index + 1}::text)::${column.type}`).join(', ')})`,
      );
      await session.query(into + tuples.join(', '), batch.flat());
    }
    loaded.set(table.name, (loaded.get(table.name) ?? 0) + rows.length);
  }

  async function finish(): Promise<number> {
    for (const table of manifest.tables)
      if ((loaded.get(table.name) ?? 0) !== table.rows)
        throw new ArchiveError(
          `${table.name}: ${loaded.get(table.name) ?? 0} rows read, the manifest says ${table.rows}: the archive was altered.`,
        );
    for (const key of deferred)
      await session.query(
        `alter table ${qualified(key.table)} add constraint ${quoteIdent(key.name)} ${key.definition}`,
      );
    // The sequences as they were; those the archive does not know (or that lag) past the highest value loaded.
    const sequences = new Set(
      (
        await session.query<{ name: string }>(
          `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'public' and c.relkind = 'S'`,
        )
      ).map((row) => row.name),
    );
    for (const sequence of manifest.sequences)
      if (sequences.has(sequence.name))
        await session.query(`select setval($1::regclass, $2::bigint, $3::boolean)`, [
          qualified(sequence.name),
          sequence.lastValue,
          sequence.isCalled,
        ]);
    for (const owned of await ownedSequences(session)) {
      await session.query(
        `select setval($1::regclass, max_value) from (select max(${quoteIdent(owned.column)})::bigint as max_value from ${qualified(owned.table)}) m
          where max_value is not null and max_value > (select case when is_called then last_value else last_value - 1 end from ${qualified(owned.sequence)})`,
        [qualified(owned.sequence)],
      );
    }
    return [...loaded.values()].reduce((sum, rows) => sum + rows, 0);
  }

  return { part, finish };
}

function mapStrings(value: unknown, map: (value: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]));
  return value;
}

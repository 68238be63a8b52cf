import type { SqlSession } from '../../db/client';
import type { Manifest, ManifestTable } from './archive';
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
import { neverRestoredTables } from './restore-policy';

/** The archive's rows do not fit this database: nothing of the restore is kept. */
export class RowsDoNotFitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RowsDoNotFitError';
  }
}

/**
 * Drops everything of the site's schema (`public`: tables, views, sequences, types, functions,
 * but what extensions own) and drizzle's record of the migrations, so the migrations can build
 * it again at the archive's level.
 */
export async function resetDatabase(session: SqlSession): Promise<void> {
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

/** Puts the session's settings back after loading (textFormatSettings were SET LOCAL), for the migrations that follow. */
export async function resetTextFormat(session: SqlSession): Promise<void> {
  for (const setting of textFormatSettings) {
    const name = /^set local (\w+)/.exec(setting)?.[1];
    if (name) await session.query(`set local ${name} to default`);
  }
}

const textTypes = /^(text|character varying|character|varchar|char|citext)\b/;
const jsonTypes = /^jsonb?$/;

/**
 * Loads the archive's parts into their tables, checking the tables and columns against the
 * database's (at the archive's migration level); the tables of neverRestoredTables are skipped.
 * Every failure is a RowsDoNotFitError naming the table: the caller's transaction rolls back.
 */
export async function tableLoader(session: SqlSession, manifest: Manifest, rewrite: (value: string) => string) {
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
  const skipped = new Set<string>();
  for (const table of manifest.tables) {
    if (neverRestoredTables.includes(table.name)) {
      for (const part of table.parts) skipped.add(part);
      continue;
    }
    const target = catalog.get(table.name);
    if (!target)
      throw new RowsDoNotFitError(
        `The backup has a table ${table.name} that the database does not have at the backup's migration level: it cannot be restored by this version.`,
      );
    for (const column of table.columns)
      if (!target.columns.some((candidate) => candidate.name === column))
        throw new RowsDoNotFitError(
          `The backup has a column ${table.name}.${column} that the database does not have at the backup's migration level: it cannot be restored by this version.`,
        );
    for (const part of table.parts) byPart.set(part, { table, target });
  }
  const loaded = new Map<string, number>();

  const emptied = new Set<string>();
  async function part(name: string, content: Buffer) {
    if (skipped.has(name)) return;
    const { table, target } = byPart.get(name) ?? {};
    if (!table || !target) throw new RowsDoNotFitError(`${name} belongs to no table of the manifest: it was altered.`);
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
        let values: (string | null)[];
        try {
          values = JSON.parse(line) as (string | null)[];
        } catch {
          throw new RowsDoNotFitError(`A row of ${table.name} is not readable: the archive was altered.`);
        }
        if (!Array.isArray(values) || values.length !== columns.length)
          throw new RowsDoNotFitError(`A row of ${table.name} does not have the table's ${columns.length} columns.`);
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
      await session.query(into + tuples.join(', '), batch.flat()).catch((error: Error) => {
        throw new RowsDoNotFitError(`A row of ${table.name} does not fit the table: ${error.message}.`);
      });
    }
    loaded.set(table.name, (loaded.get(table.name) ?? 0) + rows.length);
  }

  async function finish(): Promise<number> {
    for (const table of manifest.tables)
      if (!neverRestoredTables.includes(table.name) && (loaded.get(table.name) ?? 0) !== table.rows)
        throw new RowsDoNotFitError(
          `${table.name}: ${loaded.get(table.name) ?? 0} rows read, the manifest says ${table.rows}: the archive was altered.`,
        );
    for (const key of deferred)
      await session
        .query(`alter table ${qualified(key.table)} add constraint ${quoteIdent(key.name)} ${key.definition}`)
        .catch((error: Error) => {
          throw new RowsDoNotFitError(`The rows of ${key.table} do not fit the table: ${error.message}.`);
        });
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

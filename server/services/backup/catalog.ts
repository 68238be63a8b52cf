import type { SqlSession } from '../../db/client';

/**
 * What the backups read from Postgres's catalog at run time, so that every table of the site's
 * schema (`public`) is dumped and restored, whoever added it and whenever: nothing here names a
 * table of the site.
 */

export interface CatalogColumn {
  name: string;
  /** As Postgres writes it: `uuid`, `timestamp with time zone`, `character varying(255)`... */
  type: string;
  /** 'a': GENERATED ALWAYS AS IDENTITY (inserting a value needs OVERRIDING SYSTEM VALUE). */
  identity: string;
}

export interface CatalogTable {
  oid: string;
  name: string;
  /** Columns that hold data (generated ones are left out: Postgres computes them). */
  columns: CatalogColumn[];
  primaryKey: string[];
}

export interface ForeignKey {
  name: string;
  table: string;
  references: string;
  definition: string;
}

/** The session settings under which values are written and read as text, whatever the server's defaults. */
export const textFormatSettings = [
  `set local datestyle = 'ISO, YMD'`,
  `set local intervalstyle = 'postgres'`,
  `set local timezone = 'UTC'`,
  'set local extra_float_digits = 3',
  `set local bytea_output = 'hex'`,
];

/** `"public"."name"` */
export const qualified = (table: string) => `public.${quoteIdent(table)}`;
export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The ordinary tables of the public schema (partitions are read through their parent), by name. */
export async function listTables(session: SqlSession): Promise<CatalogTable[]> {
  const tables = await session.query<{ oid: string; name: string }>(
    `select c.oid::text as oid, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        and not exists (select 1 from pg_depend d
                         where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
      order by c.relname`,
  );
  const result: CatalogTable[] = [];
  for (const table of tables) {
    const columns = await session.query<CatalogColumn>(
      `select attname as name, format_type(atttypid, atttypmod) as type, attidentity::text as identity
         from pg_attribute
        where attrelid = $1::oid and attnum > 0 and not attisdropped and attgenerated = ''
        order by attnum`,
      [table.oid],
    );
    const primaryKey = await session.query<{ name: string }>(
      `select a.attname as name
         from pg_index i
         join lateral unnest(i.indkey::int2[]) with ordinality as k(attnum, position) on true
         join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
        where i.indrelid = $1::oid and i.indisprimary
        order by k.position`,
      [table.oid],
    );
    result.push({ ...table, columns, primaryKey: primaryKey.map((column) => column.name) });
  }
  return result;
}

export async function listForeignKeys(session: SqlSession): Promise<ForeignKey[]> {
  return session.query<ForeignKey>(
    `select con.conname as name, t.relname as "table", r.relname as "references",
            pg_get_constraintdef(con.oid) as definition
       from pg_constraint con
       join pg_class t on t.oid = con.conrelid
       join pg_class r on r.oid = con.confrelid
       join pg_namespace n on n.oid = t.relnamespace
      where con.contype = 'f' and n.nspname = 'public'
      order by t.relname, con.conname`,
  );
}

/**
 * The tables in an order that loads: each after the tables it refers to. Tables in a cycle of
 * references (or referring to themselves) cannot all come after each other: those references
 * are returned as `deferred`, to be dropped while loading and added back after.
 */
export function loadOrder(tables: readonly string[], keys: readonly ForeignKey[]) {
  const known = new Set(tables);
  const pending = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const key of keys)
    if (known.has(key.table) && known.has(key.references) && key.table !== key.references)
      pending.get(key.table)!.add(key.references);
  const order: string[] = [];
  while (pending.size > 0) {
    const ready = [...pending].filter(([, needs]) => needs.size === 0).map(([table]) => table);
    // A cycle: take the first of it by name, its references inside the cycle deferred.
    const next = ready.length > 0 ? ready : [[...pending.keys()].sort()[0]!];
    for (const table of next.sort()) {
      order.push(table);
      pending.delete(table);
      for (const needs of pending.values()) needs.delete(table);
    }
  }
  const position = new Map(order.map((table, index) => [table, index]));
  const deferred = keys.filter(
    (key) =>
      known.has(key.table) && known.has(key.references) && position.get(key.references)! >= position.get(key.table)!,
  );
  return { order, deferred };
}

/** The sequences of the public schema (serial and identity columns' too). */
export async function listSequences(session: SqlSession): Promise<string[]> {
  const rows = await session.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  return rows.map((row) => row.name);
}

/** Sequences that belong to a column (serial, identity), with that column. */
export async function ownedSequences(session: SqlSession) {
  return session.query<{ sequence: string; table: string; column: string }>(
    `select s.relname as sequence, t.relname as "table", a.attname as "column"
       from pg_class s
       join pg_namespace n on n.oid = s.relnamespace
       join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid
                       and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
       join pg_class t on t.oid = d.refobjid
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where s.relkind = 'S' and n.nspname = 'public'`,
  );
}

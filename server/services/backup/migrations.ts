import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SqlSession } from '../../db/client';

/** One migration of drizzle's journal (server/db/migrations/meta/_journal.json). */
export interface JournalEntry {
  idx: number;
  tag: string;
  /** drizzle records this in drizzle.__drizzle_migrations.created_at once the migration is applied. */
  when: number;
}

export async function readJournal(folder: string): Promise<JournalEntry[]> {
  const journal = JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** How far the database is migrated: the number of migrations applied and the last one's time and tag. */
export async function migrationLevel(
  session: SqlSession,
  journal: JournalEntry[],
): Promise<{ count: number; lastWhen: number | null; lastTag: string | null }> {
  const [exists] = await session.query<{ table: string | null }>(
    `select to_regclass('drizzle.__drizzle_migrations')::text as "table"`,
  );
  if (!exists?.table) return { count: 0, lastWhen: null, lastTag: null };
  const [row] = await session.query<{ count: number; last: string | null }>(
    'select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  const lastWhen = row?.last ? Number(row.last) : null;
  return {
    count: Number(row?.count ?? 0),
    lastWhen,
    lastTag: journal.find((entry) => entry.when === lastWhen)?.tag ?? null,
  };
}

/**
 * The journal's first `level.count` migrations, when this version of the site has that level.
 * Throws when it does not: the archive comes from a newer version, or from another line of it.
 */
export function entriesUpTo(
  journal: JournalEntry[],
  level: { count: number; lastWhen: number | null; lastTag: string | null },
): JournalEntry[] {
  const entries = journal.slice(0, level.count);
  const last = entries.at(-1);
  const matches = level.count === 0 ? level.lastWhen === null : last !== undefined && last.when === level.lastWhen;
  if (!matches) {
    throw new Error(
      level.count > journal.length
        ? `The backup comes from a newer version of the site (its database had ${level.count} migrations, this version knows ${journal.length}). Update the site's code, then restore.`
        : `The backup's database was migrated to ${level.lastTag ?? `migration ${level.count}`}, which this version of the site does not have. Restore it with the version that wrote it.`,
    );
  }
  return entries;
}

/**
 * The site's migrations up to the archive's level, as a folder of their own that drizzle's
 * migrator reads (its journal cut after that migration). Throws as entriesUpTo does.
 */
export async function migrationsUpTo(
  folder: string,
  level: { count: number; lastWhen: number | null; lastTag: string | null },
): Promise<{ folder: string; remove: () => Promise<void> }> {
  const entries = entriesUpTo(await readJournal(folder), level);
  const cut = await mkdtemp(path.join(os.tmpdir(), 'rcc-migrations-'));
  await mkdir(path.join(cut, 'meta'), { recursive: true });
  const full = JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  await writeFile(path.join(cut, 'meta', '_journal.json'), JSON.stringify({ ...full, entries }));
  for (const entry of entries)
    await copyFile(path.join(folder, `${entry.tag}.sql`), path.join(cut, `${entry.tag}.sql`));
  return { folder: cut, remove: () => rm(cut, { recursive: true, force: true }) };
}

/**
 * Applies the migrations of `folder` not applied yet (the first `upTo` of them at most) on
 * `session`, inside the transaction it is in, exactly as drizzle's migrator records them
 * (drizzle.__drizzle_migrations: the SHA-256 of each file and its journal time), so a server
 * starting afterwards finds them applied. drizzle's own migrator opens a transaction of its own,
 * which a restore cannot have: there the schema changes must roll back with the rows.
 */
export async function migrateInTransaction(session: SqlSession, folder: string, upTo?: number): Promise<number> {
  const journal = (await readJournal(folder)).slice(0, upTo);
  await session.query('create schema if not exists drizzle');
  await session.query(
    'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
  );
  const [last] = await session.query<{ created_at: string | null }>(
    'select created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  let applied = 0;
  for (const entry of journal) {
    if (last?.created_at && Number(last.created_at) >= entry.when) continue;
    const text = await readFile(path.join(folder, `${entry.tag}.sql`), 'utf8');
    // One statement per breakpoint, as drizzle runs them (PGlite prepares each: one statement only).
    for (const statement of text.split('--> statement-breakpoint')) await session.query(statement);
    await session.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      createHash('sha256').update(text).digest('hex'),
      entry.when,
    ]);
    applied++;
  }
  return applied;
}

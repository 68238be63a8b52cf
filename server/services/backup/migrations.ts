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
 * The site's migrations up to the archive's level, as a folder of their own that drizzle's
 * migrator reads (its journal cut after that migration). Throws when this version of the site
 * does not have that level: the archive comes from a newer version, or from another line of it.
 */
export async function migrationsUpTo(
  folder: string,
  level: { count: number; lastWhen: number | null; lastTag: string | null },
): Promise<{ folder: string; remove: () => Promise<void> }> {
  const journal = await readJournal(folder);
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

import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { execute, migrationsFolder, openDatabase, type DatabaseHandle } from '../../db/client';
import { freshPostgresDatabase, postgresReachable } from '../../test/databases';
import { localTestStorage, tempDir } from '../../test/http';
import { capturingLogger } from '../../test/log';
import { verifyArchiveFile } from './archive';
import { backupBeforeMigrations } from './before-migrations';
import { folderDestination, nightlyName } from './destinations';
import { migrationsUpTo, readJournal } from './migrations';

/**
 * An update's start: the server opens its database with a newer version's migrations; before they
 * run, a backup like the nightly one is written to the same folder, kept by the same rule, and the
 * log says so. A database with nothing to migrate, or a new one, gets none.
 */
let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  cleanups = [];
});

const kinds = ['pglite', ...(postgresReachable ? ['postgres'] : [])] as const;

describe.each(kinds)('the backup before an update on %s', (kind) => {
  /** Where the site's database lives; each open is a start of the server. */
  async function siteDatabase() {
    const work = await tempDir('before-update');
    cleanups.push(work.remove);
    const postgres = kind === 'postgres' ? await freshPostgresDatabase('before_update') : undefined;
    if (postgres) cleanups.push(postgres.drop);
    const backups = path.join(work.dir, 'backups');
    const storage = await localTestStorage(path.join(work.dir, 'uploads'));
    const { logger, lines } = capturingLogger();
    const open = async (migrations?: string) => {
      const database = await openDatabase({
        databaseUrl: postgres?.url,
        dataDir: postgres ? undefined : path.join(work.dir, 'data'),
        migrations,
        beforeMigrating: backupBeforeMigrations({
          destination: folderDestination(backups),
          keep: 3,
          source: (db: DatabaseHandle) => ({ database: db, storage, dataDir: null, siteUrl: 'https://example.com' }),
          logger,
          now: () => new Date('2026-05-04T21:05:00Z'),
        }),
      });
      cleanups.push(() => database.close());
      return database;
    };
    return { open, backups, lines };
  }

  it('writes a checked backup of the database as it was before the new migrations, kept with the nightly ones', async () => {
    const site = await siteDatabase();
    const journal = await readJournal(migrationsFolder);
    const previous = journal.at(-2)!;
    const olderVersion = await migrationsUpTo(migrationsFolder, {
      count: journal.length - 1,
      lastWhen: previous.when,
      lastTag: previous.tag,
    });
    cleanups.push(olderVersion.remove);

    const before = await site.open(olderVersion.folder);
    await execute(
      before.db,
      sql`insert into quote_requests (name, phone, email, project_type, city, budget_range) values ('Dana', '1', 'd@example.com', 'Deck', 'Payson', 'x')`,
    );
    await before.close();
    expect(await readdir(site.backups).catch(() => [])).toEqual([]);

    await mkdir(site.backups, { recursive: true });
    for (const day of ['2026-05-01', '2026-05-02', '2026-05-03'])
      await writeFile(path.join(site.backups, nightlyName(day)), 'old');
    const updated = await site.open();
    const name = 'site-backup-2026-05-04-before-update-1405.tar.gz';
    expect((await readdir(site.backups)).sort()).toEqual([nightlyName('2026-05-02'), nightlyName('2026-05-03'), name]);
    const { manifest } = await verifyArchiveFile(path.join(site.backups, name));
    expect(manifest.migrations).toMatchObject({ count: journal.length - 1, lastTag: previous.tag });
    expect(manifest.tables.find((table) => table.name === 'quote_requests')?.rows).toBe(1);
    const logged = site.lines.map((line) => JSON.parse(line) as { msg: string; name?: string; pending?: number });
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: 'backup written before 1 migration', name, pending: 1 }),
    );

    // The update is in: the next start has nothing to migrate and writes none.
    await updated.close();
    await site.open();
    expect(await readdir(site.backups)).toHaveLength(3);
  });

  it('writes none for a new site', async () => {
    const site = await siteDatabase();
    await site.open();
    expect(await readdir(site.backups).catch(() => [])).toEqual([]);
    expect(site.lines.join('')).not.toContain('backup written before');
  });
});

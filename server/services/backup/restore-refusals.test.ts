import { readdir, readFile, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../db/client';
import { tableContents, type TestSite } from '../../test/backup-sites';
import { kinds, otherKind, targetState, backupFixtures } from '../../test/backup-fixtures';
import { setupTimeout } from '../../test/http';
import { ArchiveError, verifyArchiveFile } from './archive';
import { listTables } from './catalog';
import { migrationsUpTo, readJournal } from './migrations';
import { restoreBackup, RestoreRefusedError, TargetNotEmptyError, whatIsThere } from './restore';

/**
 * What a restore refuses, and that a refused restore changes nothing: every row, stored photo and
 * file of DATA_DIR of the target is compared before and after, on PGlite and on Postgres, the
 * target a site in use and the restore told --replace (the worst case: it would replace it all).
 * The archives are crafted from a real backup with every checksum right, so only the restore's
 * own checks (tables, columns, rows, sizes, names) can catch them.
 */

const fixtures = backupFixtures();
const { site, seed, backUp, restore, craft } = fixtures;

let source: TestSite;
let file: string;
beforeAll(async () => {
  source = await site({ kind: 'pglite' });
  await seed(source);
  file = (await backUp(source)).file;
}, setupTimeout);

describe.each(kinds)('a crafted archive restored with --replace into a site in use on %s', (kind) => {
  let target: TestSite;
  let before: Awaited<ReturnType<typeof targetState>>;
  beforeAll(async () => {
    target = await site({ kind, siteUrl: 'https://target.example' });
    await seed(target);
    before = await targetState(target);
    expect(before.rows.quote_requests).toHaveLength(3);
    expect(Object.keys(before.objects)).toHaveLength(2);
  }, setupTimeout);

  const refusedUnchanged = async (crafted: string, message: RegExp) => {
    const refused = await restore(crafted, target, { replace: true }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RestoreRefusedError);
    expect((refused as Error).message).toMatch(message);
    expect(await targetState(target)).toEqual(before);
  };

  it('a table the database does not have', { timeout: 120_000 }, async () => {
    const crafted = await craft(file, (entries, manifest) => {
      const part = 'db/not_in_this_version/00001.jsonl';
      manifest.tables.push({ name: 'not_in_this_version', columns: ['id'], types: ['text'], rows: 1, parts: [part] });
      entries.set(part, Buffer.from('["x"]\n'));
    });
    await refusedUnchanged(crafted, /table not_in_this_version that the database does not have/);
  });

  it('a row that does not fit its table: a visit whose id is not a UUID', { timeout: 120_000 }, async () => {
    const crafted = await craft(file, (entries, manifest) => {
      const visits = manifest.tables.find((table) => table.name === 'visits')!;
      const part = visits.parts[0]!;
      const row = JSON.parse(entries.get(part)!.toString().trim()) as string[];
      row[visits.columns.indexOf('id')] = 'not-a-uuid';
      entries.set(part, Buffer.from(`${JSON.stringify(row)}\n`));
    });
    await refusedUnchanged(crafted, /A row of visits does not fit the table: .*uuid.*not-a-uuid/);
  });

  it('a huge entry nothing refers to, and a small one', { timeout: 120_000 }, async () => {
    const huge = await craft(file, (entries) => void entries.set('objects/huge.bin', Buffer.alloc(100_000_000)));
    await refusedUnchanged(huge, /objects\/huge\.bin in the archive is 100000000 bytes, more than the 60000000/);
    const stray = await craft(file, (entries) => void entries.set('objects/stray.html', Buffer.from('<p>hi</p>')));
    await refusedUnchanged(stray, /objects\/stray\.html .*not a table part, stored file or data file/);
    const unknown = await craft(file, (entries) => void entries.set('elsewhere/x', Buffer.from('x')));
    await refusedUnchanged(unknown, /elsewhere\/x, which no backup writes/);
  });

  it('a data file that is not one a backup writes', { timeout: 120_000 }, async () => {
    const crafted = await craft(file, (entries, manifest) => {
      const content = Buffer.from('<script>alert(1)</script>');
      const entry = 'data/uploads/project-photos/evil.html';
      manifest.dataFiles.push({ entry, path: 'uploads/project-photos/evil.html', bytes: content.length, mode: 0o644 });
      entries.set(entry, content);
    });
    await refusedUnchanged(crafted, /data file uploads\/project-photos\/evil\.html, which no backup writes/);
  });
});

describe('a restore writes the data files', () => {
  it('readable by the site only, whatever modes the archive gives them', { timeout: 120_000 }, async () => {
    const crafted = await craft(file, (_entries, manifest) => {
      for (const dataFile of manifest.dataFiles) dataFile.mode = 0o777;
    });
    const target = await site({ kind: 'pglite', migrate: false });
    const result = await restore(crafted, target);
    expect(result.dataFiles).toBe(2);
    const mode = async (name: string) => ((await stat(path.join(target.dataDir, name))).mode & 0o777).toString(8);
    expect(await mode('upload-secret')).toBe('600');
    expect(await mode('outbox/20260504-0102-abc.eml')).toBe('600');
    expect(await mode('outbox')).toBe('700');
    expect(await mode('.')).toBe('700');
    expect(await readFile(path.join(target.dataDir, 'upload-secret'), 'utf8')).toBe(
      'old-upload-secret-that-is-long-enough-0123',
    );
  });
});

describe('the restore refuses', { timeout: 120_000 }, () => {
  /** A new site's database and storage, for the restores refused before anything is written. */
  let blank: TestSite;
  beforeAll(async () => {
    blank = await site({ kind: 'pglite', migrate: false });
  }, setupTimeout);

  const untouched = async (target: TestSite) => {
    expect(await target.database.withSession(listTables)).toEqual([]);
    expect(await readdir(target.dataDir, { recursive: true })).toEqual(['uploads']);
  };

  it('a database that holds requests, and replaces them when told --replace', async () => {
    const target = await site({ kind: otherKind('pglite') });
    await execute(
      target.database.db,
      sql`insert into quote_requests (name, phone, email, project_type, city, budget_range) values ('Other', '1', 'o@example.com', 'Deck', 'Payson', 'x')`,
    );
    const refused = await restore(file, target).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TargetNotEmptyError);
    expect((refused as Error).message).toMatch(/already holds data \(quote_requests: 1 row\).*--replace/);
    const names = await execute<{ name: string }>(target.database.db, sql`select name from quote_requests`);
    expect(names.rows).toEqual([{ name: 'Other' }]);

    await restore(file, target, { replace: true });
    expect(await tableContents(target.database)).toEqual(await tableContents(source.database));
  }, 120_000);

  it('a storage that holds files', async () => {
    const target = await site({ kind: 'pglite', migrate: false });
    await target.storage.storePhoto({ content: fixtures.photos.jpeg, contentType: 'image/jpeg' }, target.siteUrl);
    await expect(restore(file, target)).rejects.toThrow(/1 stored file \(local-disk\)/);
    expect(await target.database.withSession(listTables)).toEqual([]);
    expect(await whatIsThere({ ...target, migrationsFolder: fixtures.migrations })).toHaveLength(1);
  });

  it('a truncated archive, before writing anything', async () => {
    const cut = fixtures.archivePath();
    await writeFile(cut, await readFile(file));
    await truncate(cut, Math.floor((await stat(cut)).size * 0.6));
    await expect(restore(cut, blank)).rejects.toThrow(/ends too early: it is incomplete/);
    await untouched(blank);
  });

  it('an archive with one byte changed, or an entry changed behind its checksum, before writing anything', async () => {
    const bytes = await readFile(file);
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    const damaged = fixtures.archivePath();
    await writeFile(damaged, flipped);
    await expect(restore(damaged, blank)).rejects.toMatchObject({ cause: expect.any(ArchiveError) });

    // A valid tar.gz whose request rows were edited (same length) without updating the manifest.
    const tarBytes = gunzipSync(bytes);
    const at = tarBytes.indexOf(Buffer.from('Ann O'));
    expect(at).toBeGreaterThan(0);
    tarBytes.write('Eve O', at, 'utf8');
    const altered = fixtures.archivePath();
    await writeFile(altered, gzipSync(tarBytes));
    await expect(verifyArchiveFile(altered)).rejects.toThrow(/quote_requests.*does not match its checksum/);
    await expect(restore(altered, blank)).rejects.toThrow(/does not match its checksum/);
    await untouched(blank);
  });

  it('an archive of a newer version of the site, before writing anything', async () => {
    const { file: newer } = await backUp(source);
    const older = await migrationsUpTo(fixtures.migrations, {
      count: 6,
      lastWhen: (await readJournal(fixtures.migrations))[5]!.when,
      lastTag: null,
    });
    try {
      await expect(
        restoreBackup(newer, {
          database: blank.database,
          storage: blank.storage,
          dataDir: blank.dataDir,
          siteUrl: blank.siteUrl,
          migrationsFolder: older.folder,
        }),
      ).rejects.toThrow(/newer version of the site.*Update the site's code/);
      await untouched(blank);
    } finally {
      await older.remove();
    }
  });
});

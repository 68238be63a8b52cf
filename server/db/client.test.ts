import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, postgresReachable, testDatabases, type FreshPostgresDatabase } from '../test/databases';
import { setupTimeout, tempDir } from '../test/http';
import { DatabaseInUseError, openDatabase } from './client';

describe('the embedded database on disk', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  const lockFile = () => path.join(temp.dir, 'pglite.lock');

  beforeAll(async () => {
    temp = await tempDir('pglite-lock');
  });
  afterAll(() => temp.remove());

  it(
    'refuses to open while another running process holds it',
    async () => {
      // The parent process (vitest) is certainly running and is not this process.
      writeFileSync(lockFile(), String(process.ppid));
      const opening = openDatabase({ dataDir: temp.dir });
      await expect(opening).rejects.toBeInstanceOf(DatabaseInUseError);
      await expect(opening).rejects.toThrow(/in use by another process .*stop the server/);
      expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.ppid));
    },
    setupTimeout,
  );

  it(
    'takes over a lock left by a process that no longer runs, and releases it on close',
    async () => {
      writeFileSync(lockFile(), '2147483646');
      const database = await openDatabase({ dataDir: temp.dir });
      expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
      await database.close();
      expect(existsSync(lockFile())).toBe(false);
    },
    setupTimeout,
  );
});

/**
 * On a busy machine a migration or a backup's query can wait on the server longer than a request
 * may. The client's own read timeout (6 s) then ended the migration ("Query read timeout") and the
 * server did not start: the long work is bounded by neither side.
 */
describe.runIf(postgresReachable)('long work on Postgres', () => {
  let database: FreshPostgresDatabase;
  let temp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    database = await freshPostgresDatabase('long_work');
    temp = await tempDir('slow-migration');
  });
  afterAll(async () => {
    await database.drop();
    await temp.remove();
  });

  it('lets a migration and a backup transaction run past the bound on a request, which still holds', async () => {
    const folder = temp.dir;
    mkdirSync(path.join(folder, 'meta'));
    const entry = { idx: 0, version: '7', when: 1, tag: '0000_slow', breakpoints: true };
    writeFileSync(
      path.join(folder, 'meta', '_journal.json'),
      JSON.stringify({ version: '7', dialect: 'postgresql', entries: [entry] }),
    );
    writeFileSync(path.join(folder, '0000_slow.sql'), 'select pg_sleep(6.5);');

    const handle = await openDatabase({ databaseUrl: database.url, migrations: folder });
    try {
      const [row] = await handle.sqlTransaction('snapshot', (session) =>
        session.query<{ slept: string }>('select pg_sleep(6.5)::text as slept'),
      );
      expect(row).toEqual({ slept: '' });
      // Back in the pool, a connection still cuts a request's statement at 5 s.
      await expect(handle.withSession((session) => session.query('select pg_sleep(8)'))).rejects.toThrow(
        /statement timeout|Query read timeout/,
      );
    } finally {
      await handle.close();
    }
  }, 60_000);
});

describe.each(testDatabases)('text with an unpaired surrogate on $kind', (testDb) => {
  // JSON may carry half of a surrogate pair ("\udfff"): a visitor's name once answered 500 on
  // the embedded database. It is stored with U+FFFD in its place, as Node's UTF-8 encoding makes it.
  it('is stored with the replacement character instead of failing', async () => {
    const database = await testDb.open();
    try {
      const name = '\u{1F600}\u00e9\udfff';
      const rows = await database.withSession((session) =>
        session.query<{ name: string; other: string }>('select $1::text as name, $2::varchar as other', [
          name,
          'Jo\ud83d',
        ]),
      );
      expect(rows).toEqual([{ name: '\u{1F600}\u00e9\uFFFD', other: 'Jo\uFFFD' }]);
    } finally {
      await database.close();
      await testDb.cleanup();
    }
  });
});

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

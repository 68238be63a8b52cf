import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { execute } from '../../db/client';
import { tableContents } from '../../test/backup-sites';
import { kinds, photoDigests, targetState, backupFixtures } from '../../test/backup-fixtures';
import type { PhotoStorage } from '../storage/types';
import { finishRestore, FilesStepError, RestoreRefusedError } from './restore';

/**
 * The photos of a restore: written only once the database committed, whole or not at all; a
 * photo step that stops is finished by running it again; a photo the rows need that the archive
 * lacks refuses the restore (naming it) unless told --allow-missing-photos; and the one-time
 * tokens are never brought back.
 */

const fixtures = backupFixtures();
const { site, seed, backUp, restore, craft } = fixtures;

/** The same storage, but the `failAt`-th photo written stops half way through (a full disk, a dropped connection). */
function failingAt(storage: PhotoStorage, failAt: number): PhotoStorage {
  let writes = 0;
  return {
    ...storage,
    objects: {
      ...storage.objects,
      writeStream: (key, content, options) => {
        if (++writes !== failAt) return storage.objects.writeStream(key, content, options);
        // Half of the photo's first bytes go through, then the write fails.
        async function* halfWay() {
          for await (const chunk of content) {
            yield (chunk as Buffer).subarray(0, Math.ceil((chunk as Buffer).length / 2));
            throw new Error('No space left on the device');
          }
        }
        return storage.objects.writeStream(key, Readable.from(halfWay(), { objectMode: false }), options);
      },
    },
  };
}

describe.each(kinds)('a restore into %s', (kind) => {
  it(
    'that stops half way through the photos is finished by running the photo step again',
    { timeout: 240_000 },
    async () => {
      const source = await site({ kind: 'pglite' });
      const seeded = await seed(source);
      const { file } = await backUp(source);
      // A site in use, replaced: its own photos stay until the backup's are all in place.
      const target = await site({ kind, siteUrl: source.siteUrl });
      await seed(target);
      const before = await photoDigests(target);

      const stopped = await restore(
        file,
        { ...target, storage: failingAt(target.storage, 2) },
        { replace: true },
      ).catch((error: unknown) => error);
      expect(stopped).toBeInstanceOf(FilesStepError);
      expect((stopped as Error).message).toMatch(/The database is restored.*stopped after 1 of 4.*No space left/);
      expect((stopped as Error).message).toContain(`npm run restore -- ${file} --resume`);
      expect(await tableContents(target.database)).toEqual(await tableContents(source.database));
      const half = await photoDigests(target);
      // One of the backup's photos in place, none half-written, the old site's still there.
      expect([...seeded.photos].filter(([key, sha]) => half.get(key) === sha)).toHaveLength(1);
      expect([...before].every(([key, sha]) => half.get(key) === sha)).toBe(true);
      expect(half.size).toBe(before.size + 1);

      const finished = await finishRestore(file, fixtures.target(target));
      expect(finished).toMatchObject({ kept: 1, written: 1, dataFiles: 2, removed: 2 });
      expect(await photoDigests(target)).toEqual(seeded.photos);
      expect(await readFile(path.join(target.dataDir, 'upload-secret'), 'utf8')).toBe(
        'old-upload-secret-that-is-long-enough-0123',
      );
      // Run once more: nothing left to do.
      expect(await finishRestore(file, fixtures.target(target))).toMatchObject({ kept: 2, written: 0, removed: 0 });
    },
  );

  it(
    'refuses rows that need photos the archive lacks, naming them, and restores without them when told',
    { timeout: 240_000 },
    async () => {
      const source = await site({ kind: 'pglite' });
      const seeded = await seed(source);
      const lost = [...seeded.photos.keys()][1]!;
      await source.storage.objects.remove(lost);
      const projectPhoto = randomUUID();
      await execute(
        source.database.db,
        sql`insert into project_photos (id, width, height, widths, placeholder) values (${projectPhoto}, 640, 480, '[640]', 'data:,')`,
      );
      const { file } = await backUp(source);

      const target = await site({ kind, siteUrl: source.siteUrl });
      await seed(target);
      const before = await targetState(target);
      const refused = await restore(file, target, { replace: true }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(RestoreRefusedError);
      const message = (refused as Error).message;
      expect(message).toMatch(/refer to 2 photos the archive does not hold/);
      expect(message).toContain(`quote-photos/${lost} (quote request ${seeded.requestIds[1]})`);
      expect(message).toContain(`project-photos/${projectPhoto}-original.jpg (project photo ${projectPhoto})`);
      expect(message).toContain('--allow-missing-photos');
      expect(await targetState(target)).toEqual(before);

      const restored = await restore(file, target, { replace: true, allowMissingPhotos: true });
      expect(restored.missingPhotos.map((reference) => reference.name).sort()).toEqual(
        [`project-photos/${projectPhoto}-original.jpg`, `quote-photos/${lost}`].sort(),
      );
      expect(await tableContents(target.database)).toEqual(await tableContents(source.database));
      expect(await photoDigests(target)).toEqual(new Map([...seeded.photos].filter(([key]) => key !== lost)));
    },
  );
});

describe('one-time tokens', () => {
  it('are neither backed up nor restored, even from an archive that carries them', { timeout: 240_000 }, async () => {
    const source = await site({ kind: 'pglite' });
    await execute(
      source.database.db,
      sql`insert into owner_password_resets (requested_by, token_hash, expires_at)
          values ('a-device', 'a-live-link', now() + interval '30 minutes')`,
    );
    await execute(
      source.database.db,
      sql`insert into owner_setup_links (token_hash, expires_at) values ('a-set-up-link', now() + interval '1 day')`,
    );
    // The day's visitor salt: with it, an address could be tried against the day's visitor keys.
    await execute(source.database.db, sql`insert into view_salts (day, salt) values ('2026-12-04', 'a-day-salt')`);
    const { file, result } = await backUp(source);
    expect(result.manifest.tables.map((table) => table.name)).not.toContain('owner_password_resets');
    expect(result.manifest.tables.map((table) => table.name)).not.toContain('owner_setup_links');
    expect(result.manifest.tables.map((table) => table.name)).not.toContain('view_salts');

    // An archive that carries them anyway (an older version, or crafted): its rows are left out.
    const crafted = await craft(file, (entries, manifest) => {
      const part = 'db/owner_password_resets/00001.jsonl';
      manifest.tables.push({
        name: 'owner_password_resets',
        columns: ['token_hash', 'created_at'],
        types: ['text', 'timestamp with time zone'],
        rows: 1,
        parts: [part],
      });
      entries.set(part, Buffer.from('["a-live-link","2026-05-04 01:02:03+00"]\n'));
    });
    const target = await site({ kind: 'pglite', migrate: false });
    await restore(crafted, target);
    const { rows } = await execute<{ found: string | null }>(
      target.database.db,
      sql`select to_regclass('owner_password_resets')::text as found`,
    );
    expect(rows[0]?.found).toBe('owner_password_resets');
    expect((await execute(target.database.db, sql`select * from owner_password_resets`)).rows).toEqual([]);
    expect(withoutTokens(await tableContents(target.database))).toEqual(
      withoutTokens(await tableContents(source.database)),
    );
  });
});

function withoutTokens(contents: Record<string, (string | null)[][]>) {
  const { owner_password_resets: _tokens, owner_setup_links: _links, view_salts: _salts, ...rest } = contents;
  return rest;
}

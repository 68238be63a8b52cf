import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { isNull, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { execute, migrationsFolder } from '../../db/client';
import { sitePictures } from '../../db/schema';
import { silentLogger } from '../../logger';
import { openTestSite, type TestSite } from '../../test/backup-sites';
import { kinds, otherKind, restoreTarget } from '../../test/backup-fixtures';
import { phonePhoto } from '../../test/http';
import { backupToFile } from '../backup/backup';
import { restoreBackup } from '../backup/restore';
import { createMaintenance } from '../maintenance';
import { loadSiteContent } from '../site-content/site-content';
import { createLocalSiteImages } from '../storage/site-images';
import { sitePictureFiles } from './pictures-in-use';
import { createSitePictures } from './site-pictures';

const sites: TestSite[] = [];
const centre = { focus: { x: 50, y: 50 } };
const top = { focus: { x: 50, y: 0 } };
afterAll(async () => {
  for (const site of sites) await site.close().catch(() => {});
});

async function openSite(kind: (typeof kinds)[number]) {
  const site = await openTestSite({ kind });
  sites.push(site);
  const images = createLocalSiteImages(path.join(site.dataDir, 'uploads', 'project-photos'));
  return { site, images, pictures: createSitePictures({ database: site.database, images }) };
}

describe.each(kinds)('the owner’s site pictures on %s', (kind) => {
  it('are deleted by the sweep a day after he replaced them, and never while in use', async () => {
    const { site, images, pictures } = await openSite(kind);
    const first = (await pictures.replace('services/decks', await phonePhoto(), centre)).photo!;
    const inUse = (await pictures.replace('services/decks', await phonePhoto({ colour: '#305070' }), top)).photo!;
    const portrait = (await pictures.replace('people/owner', await phonePhoto({ width: 1200, height: 1600 }), top))
      .photo!;
    await pictures.useDrawing('people/owner');
    const rows = await site.database.db.select().from(sitePictures);
    const filesOf = (id: string) => sitePictureFiles(rows.find((row) => row.id === id)!);
    const stored = async (id: string) =>
      Promise.all(filesOf(id).map(async (name) => (await images.get(name)) !== null));

    // Replaced just now: a server still on the previous content version may serve them a while.
    const daily = createMaintenance({
      database: site.database,
      storage: site.storage,
      siteImages: images,
      logger: silentLogger,
    });
    expect((await daily.sweep()).deletedSitePictures).toBe(0);
    expect(await stored(first.id)).not.toContain(false);

    // A day later (the window shortened to nothing): the retired one goes, files and row; the
    // portrait he gave back to the drawing is kept, for him to put back.
    const later = createMaintenance({
      database: site.database,
      storage: site.storage,
      siteImages: images,
      logger: silentLogger,
      unclaimedUploadMs: 0,
    });
    expect((await later.sweep()).deletedSitePictures).toBe(1);
    expect(await stored(first.id)).not.toContain(true);
    expect(await stored(portrait.id)).not.toContain(false);
    expect(await stored(inUse.id)).not.toContain(false);
    expect(filesOf(inUse.id)).toHaveLength(1 + 3 * 3);
    expect((await later.sweep()).deletedSitePictures).toBe(0);
    const { content } = await loadSiteContent(site.database);
    expect(Object.keys(content.pictures)).toEqual(['services/decks']);
    expect(content.pictures['services/decks']?.id).toBe(inUse.id);
  }, 120_000);

  // Two servers share a database only on Postgres (the embedded one is one process's), so this
  // test belongs to that leg alone.
  if (kind === 'postgres')
    it('replaced at the same moment from two servers: both answer, and one of the two is shown', async () => {
      const { site, images } = await openSite(kind);
      const first = (await createSitePictures({ database: site.database, images }).replace(
        'services/decks',
        await phonePhoto(),
        centre,
      ))!.photo!;
      // Each server makes its own photos one at a time; two servers do not wait for each other.
      const server = () => createSitePictures({ database: site.database, images, queue: (job) => job() });
      const [phonePicture, laptopPicture] = [
        await phonePhoto({ colour: '#305070' }),
        await phonePhoto({ colour: '#703050' }),
      ];

      // The photo in use is held a moment (a backup reading it, say) while both servers come to
      // retire it, so that their transactions meet.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const holding = site.database.transaction(async (tx) => {
        await execute(tx, sql`select id from site_pictures where id = ${first.id} for update`);
        await held;
      });
      const both = Promise.all([
        server().replace('services/decks', phonePicture, centre),
        server().replace('services/decks', laptopPicture, top),
      ]);
      await expect
        .poll(
          async () =>
            (
              await execute<{ waiting: number }>(
                site.database.db,
                sql`select count(*)::int as waiting from pg_locks where not granted`,
              )
            ).rows[0]!.waiting,
          { timeout: 60_000 },
        )
        .toBe(2);
      release();
      await holding;
      const [phone, laptop] = await both;

      const inUse = await site.database.db.select().from(sitePictures).where(isNull(sitePictures.retiredAt));
      expect(inUse).toHaveLength(1);
      expect([phone.photo!.id, laptop.photo!.id]).toContain(inUse[0]!.id);
      const { content } = await loadSiteContent(site.database);
      expect(content.pictures['services/decks']?.id).toBe(inUse[0]!.id);
    }, 120_000);

  it(`are in the backup, rows and files, and a restore into ${otherKind(kind)} shows them`, async () => {
    const { site, pictures } = await openSite(kind);
    const decks = (await pictures.replace('services/decks', await phonePhoto(), centre)).photo!;
    const file = path.join(tmpdir(), `site-pictures-${randomUUID()}.tar.gz`);
    const { manifest } = await backupToFile(
      {
        database: site.database,
        storage: site.storage,
        dataDir: site.dataDir,
        siteUrl: site.siteUrl,
        migrationsFolder,
      },
      file,
    );
    expect(manifest.tables.find((table) => table.name === 'site_pictures')?.rows).toBe(1);
    const objects = manifest.objects.map((object) => object.name);
    expect(objects).toContain(`project-photos/${decks.id}-original.jpg`);
    for (const w of decks.widths) expect(objects).toContain(`project-photos/${decks.id}-${w}.avif`);

    const target = await openSite(otherKind(kind));
    await restoreBackup(file, restoreTarget(target.site, migrationsFolder));
    await rm(file, { force: true });
    const { content } = await loadSiteContent(target.site.database);
    expect(content.pictures['services/decks']).toEqual(decks);
    expect(await target.images.get(`${decks.id}-${decks.widths.at(-1)}.webp`)).not.toBeNull();
  }, 120_000);
});

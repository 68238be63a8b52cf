import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../db/client';
import { startTestS3, type TestS3 } from '../../test/backup-sites';
import { digest, otherKind, photoDigests, backupFixtures } from '../../test/backup-fixtures';
import { setupTimeout } from '../../test/http';
import { createLocalSiteImages, createS3SiteImages } from '../storage/site-images';

/** A backup moved between local disk and S3 (an in-process s3rver): every photo and link follows. */

const fixtures = backupFixtures();
const { site, seed, backUp, restore } = fixtures;

describe('a backup moved between local disk and S3', { timeout: 150_000 }, () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3();
  }, setupTimeout);
  afterAll(() => s3.close());

  it('points every photo link and key at the new storage, and back', async () => {
    const local = await site({ kind: 'pglite', siteUrl: 'https://old-site.example' });
    const seeded = await seed(local);
    const { file } = await backUp(local);

    const onS3 = await site({
      kind: otherKind('pglite'),
      s3: { server: s3, prefix: 'site' },
      siteUrl: 'https://new-site.example',
    });
    const result = await restore(file, onS3);
    expect(result.linksRewritten).toBeGreaterThanOrEqual(6);
    const { rows } = await execute<{ photo_url: string | null }>(
      onS3.database.db,
      sql`select photo_url from quote_requests order by created_at`,
    );
    const s3Photos = new Map<string, string>();
    for await (const object of onS3.storage.objects.list())
      s3Photos.set(object.key, digest((await onS3.storage.objects.read(object.key)).content));
    expect([...s3Photos.values()].sort()).toEqual([...seeded.photos.values()].sort());
    for (const row of rows.slice(0, 2)) {
      const key = onS3.storage.keyOf(row.photo_url!, [onS3.siteUrl]);
      expect(key).toMatch(/^site\/quote-photos\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
      expect(await onS3.storage.hasPhoto(key!)).toBe(true);
      expect((await onS3.storage.readPhoto(key!, 1e7))?.contentType).toMatch(/^image\//);
    }
    expect(rows[2]!.photo_url).toBeNull();
    const projectPhotos = await execute<{ image_key: string; image_url: string }>(
      onS3.database.db,
      sql`select image_key, image_url from test_project_photos order by id`,
    );
    for (const photo of projectPhotos.rows) {
      expect(s3Photos.has(photo.image_key)).toBe(true);
      expect(onS3.storage.keyOf(photo.image_url, [])).toBe(photo.image_key);
    }
    const gallery = await execute<{ gallery: { url: string }[] }>(
      onS3.database.db,
      sql`select gallery from test_projects where id = 1`,
    );
    expect(onS3.storage.keyOf(gallery.rows[0]!.gallery[0]!.url, [])).toBe(projectPhotos.rows[0]!.image_key);
    const uploads = await execute<{ key: string }>(onS3.database.db, sql`select key from photo_uploads`);
    for (const upload of uploads.rows) expect(s3Photos.has(upload.key)).toBe(true);

    // And back to local disk on yet another address.
    const { file: fromS3 } = await backUp(onS3);
    const back = await site({ kind: 'pglite', siteUrl: 'https://third-site.example' });
    await restore(fromS3, back);
    const urls = await execute<{ photo_url: string | null }>(
      back.database.db,
      sql`select photo_url from quote_requests order by created_at`,
    );
    expect(urls.rows.map((row) => row.photo_url)).toEqual([
      seeded.photoUrls[0]!.replace('https://old-site.example', 'https://third-site.example'),
      seeded.photoUrls[1]!.replace('https://old-site.example', 'https://third-site.example'),
      null,
    ]);
    expect(await photoDigests(back)).toEqual(seeded.photos);
  }, 150_000);
  it("moves the owner's project photos with the site: from local disk to S3 and back, byte for byte", async () => {
    // The names the project photo service gives: the variants of one photo, and a share image of two.
    const [before, after] = [randomUUID(), randomUUID()];
    const images = new Map([
      [`${before}-640.avif`, fixtures.photos.jpeg],
      [`${before}-1280.jpg`, fixtures.photos.png],
      [`${before}_${after}-share.jpg`, fixtures.photos.jpeg],
    ]);
    const local = await site({ kind: 'pglite', siteUrl: 'https://old-site.example' });
    const localImages = createLocalSiteImages(path.join(local.dataDir, 'uploads', 'project-photos'));
    for (const [name, bytes] of images) await localImages.put(name, bytes, 'image/jpeg');
    const { file } = await backUp(local);

    const onS3 = await site({
      kind: otherKind('pglite'),
      s3: { server: s3, prefix: 'moved' },
      siteUrl: 'https://new-site.example',
    });
    await restore(file, onS3);
    const s3Images = createS3SiteImages({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: s3.credentials,
      prefix: 'moved',
    });
    for (const [name, bytes] of images) expect(digest((await s3Images.get(name))!)).toBe(digest(bytes));

    const { file: fromS3 } = await backUp(onS3);
    const back = await site({ kind: 'pglite', siteUrl: 'https://third-site.example' });
    await restore(fromS3, back);
    const backImages = createLocalSiteImages(path.join(back.dataDir, 'uploads', 'project-photos'));
    for (const [name, bytes] of images) expect(digest((await backImages.get(name))!)).toBe(digest(bytes));
  }, 150_000);
});

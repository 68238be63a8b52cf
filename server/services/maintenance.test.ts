import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { idempotencyKeys, photoUploads, projectPhotos, projects } from '../db/schema';
import { silentLogger } from '../logger';
import { serveTestApp } from '../test/app-fixture';
import { testDatabases } from '../test/databases';
import { realPhotos, validQuote } from '../test/http';
import { createMaintenance } from './maintenance';
import { originalName, variantName } from './projects/project-photos';
import { createQuoteService } from './quote-service';
import { createLocalSiteImages } from './storage/site-images';

const site = 'https://www.rimcountrycarpentry.example';

describe.each(testDatabases)('the maintenance sweep on $kind', (testDb) => {
  const fixture = serveTestApp(testDb, { label: 'sweep' });
  const { database } = fixture;

  /** An upload ticket, recorded as the API records it, with a photo uploaded to it. */
  async function uploaded(ageHours: number): Promise<string> {
    const { key } = await fixture.storage.createUpload({ origin: site });
    await database.db.insert(photoUploads).values({ key, createdAt: new Date(Date.now() - ageHours * 3600_000) });
    const jpeg = (await realPhotos()).jpeg;
    await fixture.storage.saveUpload(key, {
      contentType: 'image/jpeg',
      length: jpeg.length,
      body: Readable.from([jpeg]),
    });
    return key;
  }

  it("deletes the owner's project photos no project refers to after 24 hours, files and all, and keeps the rest", async () => {
    const images = createLocalSiteImages(path.join(fixture.dir, 'project-photos'));
    const jpeg = (await realPhotos()).jpeg;
    /** A project photo as the project photo service stores it: its files, then its row. */
    async function projectPhoto(ageHours: number): Promise<string> {
      const id = randomUUID();
      const names = [
        originalName(id),
        ...[640, 1280].flatMap((w) => [variantName(id, w, 'avif'), variantName(id, w, 'jpg')]),
      ];
      for (const name of names) await images.put(name, jpeg, 'image/jpeg');
      await database.db.insert(projectPhotos).values({
        id,
        width: 1280,
        height: 960,
        widths: [640, 1280],
        placeholder: 'data:image/webp;base64,AA',
        createdAt: new Date(Date.now() - ageHours * 3600_000),
      });
      return id;
    }
    const left = await projectPhoto(25);
    const fresh = await projectPhoto(2);
    const inDraft = await projectPhoto(30);
    await database.db.insert(projects).values({ id: randomUUID(), title: 'Deck', beforePhotoId: inDraft });

    const sweep = createMaintenance({ database, storage: fixture.storage, siteImages: images, logger: silentLogger });
    expect((await sweep.sweep()).deletedProjectPhotos).toBe(1);
    expect(await images.get(originalName(left))).toBeNull();
    expect(await images.get(variantName(left, 640, 'avif'))).toBeNull();
    expect(await images.get(variantName(left, 1280, 'jpg'))).toBeNull();
    expect(await images.get(variantName(fresh, 640, 'avif'))).not.toBeNull();
    expect(await images.get(variantName(inDraft, 1280, 'jpg'))).not.toBeNull();
    expect(
      (await database.db.select({ id: projectPhotos.id }).from(projectPhotos)).map((row) => row.id).sort(),
    ).toEqual([fresh, inDraft].sort());
    expect((await sweep.sweep()).deletedProjectPhotos).toBe(0);
  });

  it('deletes photos no request used within 24 hours, and keeps the rest', async () => {
    const abandoned = await uploaded(25);
    const fresh = await uploaded(2);
    const used = await uploaded(30);
    // A request sent long after the upload (a visitor who left the tab open) claims it.
    const quotes = createQuoteService({ database, storage: fixture.storage, deliveryKinds: [] });
    await quotes.submit({ ...validQuote, photoUrl: `${site}/api/objects/${used}` }, { origins: [site] });

    const sweep = createMaintenance({ database, storage: fixture.storage, logger: silentLogger });
    expect((await sweep.sweep()).deletedUploads).toBe(1);
    expect(await fixture.storage.findPhoto(abandoned)).toBeNull();
    expect(await fixture.storage.findPhoto(fresh)).not.toBeNull();
    expect(await fixture.storage.findPhoto(used)).not.toBeNull();
    expect(await database.db.select().from(photoUploads).where(eq(photoUploads.key, abandoned))).toEqual([]);
    // A second sweep finds nothing more to do.
    expect((await sweep.sweep()).deletedUploads).toBe(0);

    // The abandoned photo cannot be attached any more.
    await expect(
      quotes.submit({ ...validQuote, photoUrl: `${site}/api/objects/${abandoned}` }, { origins: [site] }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('forgets Idempotency-Keys after 24 hours', async () => {
    const quotes = createQuoteService({ database, storage: fixture.storage, deliveryKinds: [] });
    const key = '0b6f2c3e-5a41-4f7e-9d2a-7c1e3b5a9f00';
    await quotes.submit(validQuote, { origins: [site], idempotencyKey: key });
    const sweep = createMaintenance({ database, storage: fixture.storage, logger: silentLogger });
    await sweep.sweep();
    expect(await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(1);
    await database.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` });
    expect((await sweep.sweep()).expiredKeys).toBeGreaterThanOrEqual(1);
    expect(await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
  });
});

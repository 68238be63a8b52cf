import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { imageKinds } from '../shared/images';
import { phonePhoto } from '../server/test/http';
import { journeyPostgres, giveOwnerPassword, signInOwner, startServer, stopServer } from './own-server';

/**
 * The owner puts his own photo in place of a drawing, from his phone: on /owner/photos at 390 px
 * he replaces the Decks picture with a 12-megapixel phone photo carrying the GPS position in its
 * EXIF, sees the crop and keeps the top; within 10 s /services/decks on this server and on a
 * second server process on the same Postgres database shows it as a responsive <picture> at
 * every width a service picture is served at (with the drawing's width and height), and none of
 * the served files carries EXIF or GPS. Use the drawing brings the drawing back on both. Needs
 * Postgres (two processes cannot share the embedded database); skipped without one.
 */
const password = 'mogollon rim at dusk';
const html = async (base: string, pathname: string) => (await fetch(`${base}${pathname}`)).text();

async function within10s(check: () => Promise<void>): Promise<void> {
  await expect(check).toPass({ timeout: 10_000, intervals: [250] });
}

/** The owner's photos a page's HTML names: '/img/projects/<id>-<width>.<format>'. */
const ownImages = (text: string) => [...new Set(text.match(/\/img\/projects\/[0-9a-f-]{36}-\d+\.\w+/g) ?? [])];

test('the owner replaces the Decks drawing with a phone photo; both servers show it within 10 s, and the drawing comes back @mobile', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const database = await journeyPostgres('owner-photos');
  test.skip(!database, 'needs a Postgres server (E2E_DATABASE_URL or the local test server)');
  const env = (label: string) => ({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), `rcc-photos-${label}-`)),
    DATABASE_URL: database!.url,
    CONTENT_CHECK_SECONDS: '1',
  });
  const first = env('first');
  await giveOwnerPassword(password, first);
  // Both servers keep the pictures in one folder, as two instances share one S3 bucket.
  const one = await startServer(first);
  const two = await startServer({ ...env('second'), DATA_DIR: first.DATA_DIR });
  try {
    expect(await html(two.base, '/services/decks')).toContain('/img/services/decks-480.avif');

    await signInOwner(page, `${one.base}/owner`, password);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('link', { name: 'Replace the drawings with your photos' }).click();
    await expect(page.getByRole('heading', { name: 'Photos', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Services' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('photos-390.png'), fullPage: true, scale: 'css' });

    await page.getByLabel('Replace Decks', { exact: true }).setInputFiles({
      name: 'IMG_2041.jpg',
      mimeType: 'image/jpeg',
      buffer: await phonePhoto({ width: 4032, height: 3024, colour: '#8a5a2b' }),
    });
    await expect(page.getByRole('img', { name: 'Preview of the new Decks picture' })).toBeVisible();
    await page.getByRole('radio', { name: 'Top' }).check();
    const decks = page.locator('#picture-services-decks');
    await decks.screenshot({ path: test.info().outputPath('crop-preview-390.png'), scale: 'css' });
    await page.getByRole('button', { name: 'Use this photo' }).click();
    await expect(decks.getByText('Your photo')).toBeVisible({ timeout: 60_000 });
    await expect(decks.getByRole('button', { name: 'Use the drawing' })).toBeVisible();

    const { widths, width, height } = imageKinds.service;
    for (const base of [one.base, two.base]) {
      await within10s(async () => {
        const text = await html(base, '/services/decks');
        const images = ownImages(text);
        // Every width a service picture is served at, in AVIF, WebP and JPEG.
        expect(images).toHaveLength(widths.length * 3);
        expect(text).not.toContain('/img/services/decks-');
        expect(text).toMatch(new RegExp(`<img[^>]*/img/projects/[^>]*width="${width}" height="${height}"`));
      });
    }
    const images = ownImages(await html(two.base, '/services/decks'));
    for (const image of images) {
      const response = await fetch(`${two.base}${image}`);
      expect(response.status, image).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      const served = Number(/-(\d+)\.\w+$/.exec(image)![1]);
      expect([metadata.width, metadata.height], image).toEqual([served, (served * height) / width]);
      expect([metadata.exif, metadata.xmp], image).toEqual([undefined, undefined]);
      expect(bytes.includes('PhoneMaker'), image).toBe(false);
    }

    // The visitor's phone shows it: the picture is loaded, in the drawing's place.
    await page.goto(`${two.base}/services/decks`);
    const shown = page.locator('main picture img[src*="/img/projects/"]').first();
    await shown.scrollIntoViewIfNeeded();
    await expect(shown).toHaveJSProperty('complete', true);
    expect(await shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.screenshot({ path: test.info().outputPath('service-page-390.png'), scale: 'css' });

    await page.goto(`${one.base}/owner/photos#picture-services-decks`);
    await page.getByRole('button', { name: 'Use the drawing' }).click();
    await expect(decks.getByText('The drawing')).toBeVisible();
    for (const base of [one.base, two.base]) {
      await within10s(async () => {
        const text = await html(base, '/services/decks');
        expect(ownImages(text)).toEqual([]);
        expect(text).toContain('/img/services/decks-480.avif');
      });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${one.base}/owner/photos`);
    await expect(page.getByRole('heading', { name: 'Gallery samples' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('photos-1280.png'), fullPage: true, scale: 'css' });
  } finally {
    await stopServer(one.child);
    await stopServer(two.child);
    await database?.drop();
  }
});

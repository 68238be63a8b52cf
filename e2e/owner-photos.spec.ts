import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { heroFrames } from '../shared/content/site-pictures';
import { imageKinds } from '../shared/images';
import { phonePhoto } from '../server/test/http';
import { signInOwner } from './own-server';
import { withJourneyServer, withServersOnOneDatabase, within10s } from './journey-server';

/**
 * The owner puts his own photo in place of a drawing, from his phone: on /owner/photos at 390 px
 * he replaces the Decks picture with a 12-megapixel phone photo carrying the GPS position in its
 * EXIF, taps its top as the point to keep and sees the crop; within 10 s /services/decks on this
 * server and on a second server process on the same Postgres database shows it as a responsive
 * <picture> at every width a service picture is served at (with the drawing's width and height),
 * and none of the served files carries EXIF or GPS. Use the drawing (asked first) brings the
 * drawing back on both, and offers his photo back. Needs Postgres (two processes cannot share the
 * embedded database); skipped without one.
 */
const password = 'mogollon rim at dusk';
const html = async (base: string, pathname: string) => (await fetch(`${base}${pathname}`)).text();

/** The owner's photos a page's HTML names: '/img/projects/<id>-<width>.<format>'. */
const ownImages = (text: string) => [...new Set(text.match(/\/img\/projects\/[0-9a-f-]{36}-\d+\.\w+/g) ?? [])];

test('the owner replaces the Decks drawing with a phone photo; both servers show it within 10 s, and the drawing comes back @mobile', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const options = { password, env: { CONTENT_CHECK_SECONDS: '1' }, withoutPostgres: 'skip' as const };
  await withServersOnOneDatabase('owner-photos', options, async ({ servers: [one, two] }) => {
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
    await expect(
      page.getByRole('img', { name: 'Preview of the new Decks picture on a phone and a computer' }),
    ).toBeVisible();
    const decks = page.locator('#picture-services-decks');
    // He taps the top of the photo: the point to keep.
    const picker = decks.getByRole('button', { name: /^Point to keep in the Decks photo/ });
    const pickerBox = (await picker.boundingBox())!;
    await picker.click({ position: { x: pickerBox.width / 2, y: 2 } });
    await expect(picker).toHaveAccessibleName(/50% across, [01]% down$/);
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
    await decks.getByRole('button', { name: 'Use the drawing' }).click();
    const asked = page.getByRole('alertdialog', { name: 'Show the drawing instead of your photo?' });
    await expect(asked).toBeVisible();
    await asked.getByRole('button', { name: 'Use the drawing' }).click();
    await expect(decks.getByText('The drawing')).toBeVisible();
    await expect(decks.getByRole('button', { name: 'Put my photo back' })).toBeVisible();
    for (const base of [one.base, two.base]) {
      await within10s(async () => {
        const text = await html(base, '/services/decks');
        expect(ownImages(text)).toEqual([]);
        expect(text).toContain('/img/services/decks-480.avif');
      });
    }
    // His photo comes back with one tap.
    await decks.getByRole('button', { name: 'Put my photo back' }).click();
    await expect(decks.getByText('Your photo')).toBeVisible();
    await within10s(async () => {
      expect(ownImages(await html(one.base, '/services/decks'))).toEqual(images);
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${one.base}/owner/photos`);
    await expect(page.getByRole('heading', { name: 'Gallery samples' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('photos-1280.png'), fullPage: true, scale: 'css' });
  });
});

/** The share of a screenshot's pixels in `columns` (fractions of its width) that are clearly red. */
async function redShare(png: Buffer, columns: [number, number] = [0, 1]): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [from, to] = columns.map((part) => Math.round(part * info.width));
  let red = 0;
  let all = 0;
  for (let y = 0; y < info.height; y++)
    for (let x = from!; x < to!; x++) {
      const i = (y * info.width + x) * 3;
      all++;
      if (data[i]! > data[i + 2]! + 40) red++;
    }
  return red / all;
}

const heroBox = (page: Page) => page.locator('section:has(h1)').first();

test('the owner taps the subject at the right of his photo; the preview and the home page’s header on a phone keep it @mobile', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await withJourneyServer('owner-photos-focus', { password }, async ({ base }) => {
    // The previews' boxes are the headers' own shapes, on a phone and on a computer.
    const ratioOf = async (pathname: string) => {
      await page.goto(`${base}${pathname}`);
      const box = (await heroBox(page).boundingBox())!;
      return box.width / box.height;
    };
    const near = (measured: number, frame: { ratio: number }) =>
      expect(Math.abs(measured / frame.ratio - 1)).toBeLessThan(0.08);
    near(await ratioOf('/'), heroFrames.phone);
    near(await ratioOf('/locations/payson'), heroFrames.phone);
    await page.setViewportSize({ width: 1280, height: 800 });
    near(await ratioOf('/'), heroFrames.homeComputer);
    near(await ratioOf('/locations/payson'), heroFrames.areaComputer);
    await page.setViewportSize({ width: 390, height: 844 });

    // A landscape photo, its subject (red) at the right end: the middle third a phone shows misses it.
    const photo = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#1030c0' } })
      .composite([
        { input: { create: { width: 432, height: 3024, channels: 3, background: '#d02010' } }, left: 3600, top: 0 },
      ])
      .jpeg()
      .toBuffer();
    await signInOwner(page, `${base}/owner/photos`, password);
    const home = page.locator('#picture-hero-home');
    await home
      .getByLabel('Replace Home', { exact: true })
      .setInputFiles({ name: 'IMG_3120.jpg', mimeType: 'image/jpeg', buffer: photo });
    const onPhone = home.getByRole('img', { name: 'Preview of the new Home picture on a phone' });
    await expect(onPhone).toBeVisible();
    await expect(
      home.getByRole('img', { name: 'Preview of the new Home picture home page on a computer' }),
    ).toBeVisible();
    // The phone's box around the crop (the image sits in the photo's shape inside it).
    const phoneFrame = onPhone.locator('xpath=../..');
    expect(await redShare(await phoneFrame.screenshot())).toBeLessThan(0.01);

    const picker = home.getByRole('button', { name: /^Point to keep in the Home photo/ });
    const box = (await picker.boundingBox())!;
    await picker.click({ position: { x: box.width * 0.95, y: box.height / 2 } });
    await expect(picker).toHaveAccessibleName(/9[45]% across, 50% down$/);
    await expect.poll(async () => redShare(await phoneFrame.screenshot())).toBeGreaterThan(0.1);
    await home.screenshot({ path: test.info().outputPath('focus-preview-390.png'), scale: 'css' });

    await home.getByRole('button', { name: 'Use this photo' }).click();
    await expect(home.getByText('Your photo')).toBeVisible({ timeout: 60_000 });

    // The home page's header on his phone shows the subject, at its right (the server renders the
    // page again once it sees his photo: on a busy machine that takes a while).
    await expect(async () => {
      await page.goto(`${base}/`);
      const img = heroBox(page).locator('img[src*="/img/projects/"]');
      await expect(img).toHaveJSProperty('complete', true);
      expect(await redShare(await heroBox(page).screenshot(), [0.6, 1])).toBeGreaterThan(0.15);
    }).toPass({ timeout: 60_000, intervals: [500] });
    await page.screenshot({ path: test.info().outputPath('home-focus-390.png'), scale: 'css' });
  });
});

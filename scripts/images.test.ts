import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSources, photoNames } from './images/catalog';
import { buildImages } from './images/index';
import { collectJobs } from './images/sources';

// A photo straight from a phone: stored sideways (EXIF orientation 6 = turn 90° clockwise), with
// the camera make and a GPS position in its metadata.
async function phonePhoto(): Promise<Buffer> {
  // 1600 wide, 1200 high as stored; upright it is 1200 wide, 1600 high. Left half dark, right half light.
  const half = (background: string) =>
    sharp({ create: { width: 800, height: 1200, channels: 3, background } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#000' } })
    .composite([
      { input: await half('#202020'), left: 0, top: 0 },
      { input: await half('#e0e0e0'), left: 800, top: 0 },
    ])
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Pocket 12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '34/1 13/1 51/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '111/1 19/1 30/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe('the image pipeline with a photo from a phone', () => {
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'rcc-images-'));
    mkdirSync(path.join(root, 'images', 'people'), { recursive: true });
    const photo = await phonePhoto();
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    expect(photo.includes(Buffer.from('PhoneMaker'))).toBe(true);
    writeFileSync(path.join(root, 'images', 'people', 'owner.jpg'), photo);
    const result = await buildImages({ root, quiet: true });
    expect(result.errors).toEqual([]);
  }, 60_000);

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('keeps it upright and drops its metadata (camera, GPS) in every format', async () => {
    for (const format of ['jpg', 'webp', 'avif']) {
      const file = readFileSync(path.join(root, 'public', 'img', 'people', `owner-800.${format}`));
      const meta = await sharp(file).metadata();
      // The portrait slot is 4:5; upright, the photo is taller than wide, so it fills it.
      expect([meta.width, meta.height], format).toEqual([800, 1000]);
      expect(meta.orientation, format).toBeUndefined();
      expect(meta.exif, format).toBeUndefined();
      expect(file.includes(Buffer.from('PhoneMaker')), format).toBe(false);
    }
    // Turned clockwise, the stored left (dark) half is now on top.
    const { data } = await sharp(path.join(root, 'public', 'img', 'people', 'owner-400.jpg'))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const top = data[400 * 50 + 200]!;
    const bottom = data[400 * 450 + 200]!;
    expect(top).toBeLessThan(80);
    expect(bottom).toBeGreaterThan(180);
  });
});

describe('which pictures are photos', () => {
  let root: string;

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'rcc-catalog-'));
    const services = path.join(root, 'images', 'services');
    mkdirSync(services, { recursive: true });
    writeFileSync(path.join(services, 'decks.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(services, 'fences.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(services, 'fences.png'), 'not read');
    writeFileSync(path.join(services, 'fences.jpg'), 'not read');
    writeFileSync(path.join(services, 'notes.txt'), 'not a picture');
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('a photo beside a drawing of the same name replaces it; a drawing alone stays one', () => {
    const sources = imageSources(root);
    expect(sources.map(({ name, file, isPhoto }) => ({ name, file, isPhoto }))).toEqual([
      { name: 'services/decks', file: 'images/services/decks.svg', isPhoto: false },
      { name: 'services/fences', file: 'images/services/fences.jpg', isPhoto: true },
    ]);
    expect(photoNames(root)).toEqual(['services/fences']);
  });

  it('the image pipeline renders the file the catalog chose', () => {
    const jobs = collectJobs(root, []);
    expect(jobs.map((job) => job.key)).toEqual(['images/services/decks.svg', 'images/services/fences.jpg']);
  });
});

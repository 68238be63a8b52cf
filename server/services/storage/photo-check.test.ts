import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { PhotoContentType } from '@shared/schemas/quote-request';
import { realPhotos } from '../../test/http';
import { cleanPhoto, maxPhotoPixels, type PhotoCheck } from './photo-check';
import { exif, expectRefused, html, solid, u16, u32 } from './photo-check-test-images';

// cleanPhoto on JPEG, PNG, WebP and GIF: re-encoded without metadata, or kept as they came, and
// refused when they hide something after the image, are cut short, lie about their type or claim
// too many pixels. HEIC and HEIF are in photo-check-heif.test.ts.

/** 40x20: left half red, right half blue, so a rotation shows where the colours went. */
async function halves(): Promise<Buffer> {
  const blue = await solid(20, 20, '#0000ff').png().toBuffer();
  return solid(40, 20, '#ff0000')
    .composite([{ input: blue, left: 20, top: 0 }])
    .png()
    .toBuffer();
}

async function animatedFrames(): Promise<Buffer[]> {
  return Promise.all(['#ff0000', '#00ff00', '#0000ff'].map((colour) => solid(30, 20, colour).png().toBuffer()));
}

async function expectClean(result: PhotoCheck, type: PhotoContentType) {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  expect(result.contentType).toBe(type);
  const metadata = await sharp(result.content, { animated: true }).metadata();
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(result.content.includes('WGS-84')).toBe(false);
  expect(result.content.includes('TestCam')).toBe(false);
  return { content: result.content, metadata };
}

describe('cleanPhoto: JPEG, PNG, WebP and GIF', () => {
  it('turns a JPEG upright by its EXIF orientation and drops EXIF with the GPS position', async () => {
    const input = await sharp(await halves())
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif(exif)
      .toBuffer();
    const before = await sharp(input).metadata();
    expect([before.width, before.height, before.orientation]).toEqual([40, 20, 6]);
    expect(before.exif?.includes('WGS-84')).toBe(true);

    const { content, metadata } = await expectClean(await cleanPhoto(input, 'image/jpeg'), 'image/jpeg');
    expect(metadata.format).toBe('jpeg');
    expect([metadata.width, metadata.height, metadata.orientation]).toEqual([20, 40, undefined]);
    // Orientation 6 is "turn 90° clockwise": the left (red) half is now on top.
    const { data } = await sharp(content).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 20 + x) * 3, (y * 20 + x) * 3 + 3)];
    expect(pixel(10, 5)[0]).toBeGreaterThan(200);
    expect(pixel(10, 35)[2]).toBeGreaterThan(200);
  });

  it('keeps a JPEG colour profile, which says nothing about the visitor', async () => {
    const input = await solid(16, 16, '#336699').jpeg().withIccProfile('p3').withExif(exif).toBuffer();
    const { metadata } = await expectClean(await cleanPhoto(input, 'image/jpeg'), 'image/jpeg');
    expect(metadata.icc).toBeDefined();
  });

  it('re-encodes PNG and WebP (lossy and lossless) without their metadata', async () => {
    const png = await sharp(await halves())
      .png()
      .withExif(exif)
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/">TestCam WGS-84</x:xmpmeta>')
      .toBuffer();
    expect(png.includes('WGS-84')).toBe(true);
    const cleanPng = await expectClean(await cleanPhoto(png, 'image/png'), 'image/png');
    expect([cleanPng.metadata.format, cleanPng.metadata.width]).toEqual(['png', 40]);

    const palette = await sharp(await halves())
      .png({ palette: true })
      .toBuffer();
    const cleanPalette = await expectClean(await cleanPhoto(palette, 'image/png'), 'image/png');
    expect(cleanPalette.metadata.isPalette).toBe(true);
    expect((await sharp(cleanPalette.content).raw().toBuffer()).equals(await sharp(palette).raw().toBuffer())).toBe(
      true,
    );

    for (const lossless of [false, true]) {
      const webp = await sharp(await halves())
        .webp({ lossless })
        .withMetadata({ orientation: 8 })
        .withExif(exif)
        .toBuffer();
      const cleanWebp = await expectClean(await cleanPhoto(webp, 'image/webp'), 'image/webp');
      expect([cleanWebp.metadata.format, cleanWebp.metadata.width, cleanWebp.metadata.height]).toEqual([
        'webp',
        20,
        40,
      ]);
      // Lossless stays lossless: the pixels come back exactly.
      if (lossless) {
        const pixels = await sharp(cleanWebp.content).rotate(90).raw().toBuffer();
        expect(
          pixels.equals(
            await sharp(await halves())
              .removeAlpha()
              .raw()
              .toBuffer(),
          ),
        ).toBe(true);
      }
    }
  });

  it('keeps every frame and the timing of an animated GIF or WebP', async () => {
    const frames = await animatedFrames();
    const gif = await sharp(frames, { join: { animated: true } })
      .gif({ delay: [100, 200, 300], loop: 0 })
      .toBuffer();
    const webp = await sharp(frames, { join: { animated: true } })
      .webp({ delay: [100, 200, 300] })
      .withExif(exif)
      .toBuffer();
    for (const [input, type] of [
      [gif, 'image/gif'],
      [webp, 'image/webp'],
    ] as const) {
      const { metadata } = await expectClean(await cleanPhoto(input, type), type);
      expect(metadata).toMatchObject({ pages: 3, width: 30, pageHeight: 20, delay: [100, 200, 300] });
    }
  });

  it('accepts what phones append to a JPEG (a gain map, a Motion Photo video) and stores none of it', async () => {
    const main = await solid(16, 16, '#336699').jpeg().toBuffer();
    const gainMap = await solid(8, 8, '#808080').jpeg().toBuffer();
    const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64, 1)]);
    for (const trailer of [gainMap, video, html]) {
      const result = await cleanPhoto(Buffer.concat([main, trailer]), 'image/jpeg');
      const { metadata } = await expectClean(result, 'image/jpeg');
      expect(metadata.width).toBe(16);
      if (result.ok) {
        expect(result.content.includes(html)).toBe(false);
        expect(result.content.includes(Buffer.from('ftypmp42'))).toBe(false);
      }
    }
  });

  it('refuses a valid PNG, GIF or WebP with HTML appended (a polyglot)', async () => {
    const photos = await realPhotos();
    const webp = await sharp(await halves())
      .webp()
      .toBuffer();
    const cases: [Buffer, PhotoContentType, RegExp][] = [
      [photos.png, 'image/png', /after the PNG end/],
      [photos.gif, 'image/gif', /after the GIF trailer/],
      [webp, 'image/webp', /WebP size does not match/],
    ];
    for (const [image, type, reason] of cases) {
      expect((await cleanPhoto(image, type)).ok).toBe(true);
      expectRefused(await cleanPhoto(Buffer.concat([image, html]), type), reason);
      // Even with the WebP RIFF size patched to cover the HTML, the chunks do not add up.
      if (type === 'image/webp') {
        const patched = Buffer.concat([image, html]);
        patched.writeUInt32LE(patched.length - 8, 4);
        expectRefused(await cleanPhoto(patched, type), /WebP/);
      }
    }
  });

  it('drops HTML hidden inside an image (JPEG comment, PNG text chunk, GIF comment)', async () => {
    const photos = await realPhotos();
    const segment = Buffer.concat([Buffer.from([0xff, 0xfe]), u16(html.length + 2), html]);
    const jpeg = Buffer.concat([photos.jpeg.subarray(0, 2), segment, photos.jpeg.subarray(2)]);
    const iend = photos.png.length - 12;
    const png = Buffer.concat([photos.png.subarray(0, iend), pngChunk('tEXt', html), photos.png.subarray(iend)]);
    const comment = Buffer.concat([Buffer.from([0x21, 0xfe, html.length]), html, Buffer.from([0])]);
    const gif = Buffer.concat([photos.gif.subarray(0, -1), comment, photos.gif.subarray(-1)]);
    for (const [input, type] of [
      [jpeg, 'image/jpeg'],
      [png, 'image/png'],
      [gif, 'image/gif'],
    ] as const) {
      expect(input.includes('<script>')).toBe(true);
      const result = await cleanPhoto(input, type);
      if (!result.ok) throw new Error(`${type} refused: ${result.reason}`);
      expect(result.content.includes('<script>'), type).toBe(false);
    }
  });

  it('keeps a photo that carries no metadata exactly as it came (no second compression)', async () => {
    const photos = await realPhotos();
    // What the quote form sends after downscaling in the browser: a plain JPEG.
    const plainJpeg = await solid(40, 30, '#336699').jpeg({ quality: 85 }).toBuffer();
    for (const [input, type] of [
      [plainJpeg, 'image/jpeg'],
      [photos.png, 'image/png'],
      [photos.gif, 'image/gif'],
      [photos.webp, 'image/webp'],
    ] as const) {
      const result = await cleanPhoto(input, type);
      expect(result.ok && result.content.equals(input), type).toBe(true);
    }
    // With EXIF it is rewritten.
    const withExif = await solid(40, 30, '#336699').jpeg().withExif(exif).toBuffer();
    const result = await cleanPhoto(withExif, 'image/jpeg');
    expect(result.ok && !result.content.equals(withExif)).toBe(true);
  });

  it('refuses truncated images', async () => {
    const photos = await realPhotos();
    const jpeg = await sharp(await halves())
      .jpeg()
      .toBuffer();
    const cases: [Buffer, PhotoContentType][] = [
      [jpeg, 'image/jpeg'],
      [photos.png, 'image/png'],
      [photos.gif, 'image/gif'],
      [photos.webp, 'image/webp'],
    ];
    for (const [image, type] of cases) {
      for (const length of [Math.floor(image.length * 0.6), image.length - 1, image.length - 2]) {
        expectRefused(await cleanPhoto(image.subarray(0, length), type), /truncated|does not match|decode/);
      }
    }
  });

  it('refuses bytes that are not the claimed type, or no image at all', async () => {
    const photos = await realPhotos();
    expectRefused(await cleanPhoto(photos.png, 'image/jpeg'), /content is image\/png, claimed image\/jpeg/);
    expectRefused(await cleanPhoto(photos.heic, 'image/png'), /content is image\/heic/);
    expectRefused(await cleanPhoto(html, 'image/gif'), /not a JPEG/);
    expectRefused(await cleanPhoto(Buffer.alloc(0), 'image/jpeg'), /not a JPEG/);
    // A GIF header followed by HTML: the magic number alone proves nothing.
    expectRefused(await cleanPhoto(Buffer.concat([Buffer.from('GIF89a'), html]), 'image/gif'), /GIF/);
  });

  it('refuses a decompression bomb from its header, without decoding it', async () => {
    // The header claims 400 megapixels over 60 KB of pixel data: decoding would fail as truncated;
    // the pixel count in the refusal is the header check's.
    const bomb = pngWithHeader(20_000, 20_000);
    expectRefused(await cleanPhoto(bomb, 'image/png'), new RegExp(`more than ${maxPhotoPixels} pixels`));
  });
});

/** A PNG claiming `width` x `height` pixels, with a few bytes of image data. */
function pngWithHeader(width: number, height: number): Buffer {
  const header = Buffer.concat([u32(width), u32(height), Buffer.from([8, 2, 0, 0, 0])]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(60_001))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32(data.length), body, u32(crc32(body))]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { realPhotos } from '../../test/http';
import { cleanPhoto } from './photo-check';
import { exif, expectRefused, html, solid, u16, u32 } from './photo-check-test-images';

// cleanPhoto on HEIC and HEIF, checked box by box: the Exif and XMP items zeroed in place wherever
// the file keeps them, and files refused that have something appended, are cut short or whose
// boxes cannot be read. The files are built byte by byte below (heif()), but for one that libheif
// writes (through sharp).

describe('cleanPhoto: HEIC and HEIF (checked box by box)', () => {
  const gps = 'GPS 34.2309N 111.3251W';

  it('accepts a HEIC file and zeroes its Exif item in place', async () => {
    const input = heif();
    const original = Buffer.from(input);
    const result = await cleanPhoto(input, 'image/heic');
    if (!result.ok) throw new Error(result.reason);
    expect(result.contentType).toBe('image/heic');
    expect(result.content.length).toBe(input.length);
    expect(result.content.includes(gps)).toBe(false);
    expect(result.content.includes('not really HEVC data')).toBe(true);
    expect(input.equals(original)).toBe(true);
    // Only the Exif bytes changed: everything else, offsets included, is as it was.
    const exifAt = input.indexOf(exifPayload);
    expect(result.content.subarray(exifAt, exifAt + exifPayload.length).every((byte) => byte === 0)).toBe(true);
    expect(result.content.subarray(0, exifAt).equals(input.subarray(0, exifAt))).toBe(true);
    expect(
      result.content.subarray(exifAt + exifPayload.length).equals(input.subarray(exifAt + exifPayload.length)),
    ).toBe(true);
  });

  it('zeroes Exif and XMP in a file written by libheif, which still decodes', async () => {
    // sharp writes HEIF only with AV1 inside (AVIF): the real thing apart from the brand.
    const avif = await solid(64, 48, '#336699')
      .avif()
      .withMetadata({ orientation: 6 })
      .withExif(exif)
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/">TestCam WGS-84</x:xmpmeta>')
      .toBuffer();
    const input = Buffer.from(avif);
    input.write('mif1', 8, 'latin1');
    expect(input.includes('WGS-84') && input.includes('TestCam')).toBe(true);

    const result = await cleanPhoto(input, 'image/heif');
    if (!result.ok) throw new Error(result.reason);
    expect(result.content.length).toBe(input.length);
    expect(result.content.includes('WGS-84') || result.content.includes('TestCam')).toBe(false);
    const metadata = await sharp(result.content).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['heif', 48, 64]);
    expect(metadata.exif?.every((byte) => byte === 0)).toBe(true);
    expect(await sharp(result.content).raw().toBuffer()).toHaveLength(64 * 48 * 3);
  });

  it('treats image/heic and image/heif as one claim', async () => {
    expect((await cleanPhoto(heif(), 'image/heif')).ok).toBe(true);
    const mif1 = heif({ brand: 'mif1' });
    expect(await cleanPhoto(mif1, 'image/heic')).toMatchObject({ ok: true, contentType: 'image/heif' });
  });

  it('finds the Exif item with every iloc version, in idat, with a 64-bit mdat, and XMP too', async () => {
    const variants = [
      heif({ ilocVersion: 1 }),
      heif({ ilocVersion: 2 }),
      heif({ ilocVersion: 1, exifInIdat: true }),
      heif({ largeMdat: true }),
      heif({ xmp: true }),
      heif({ mdatToEnd: true }),
    ];
    for (const input of variants) {
      const result = await cleanPhoto(input, 'image/heic');
      if (!result.ok) throw new Error(result.reason);
      expect(result.content.length).toBe(input.length);
      expect(result.content.includes(gps)).toBe(false);
      expect(result.content.includes('exif:GPSLatitude')).toBe(false);
      expect(result.content.includes('not really HEVC data')).toBe(true);
    }
  });

  it('refuses HEIC with HTML appended, truncated, or without its meta or mdat box', async () => {
    const input = heif();
    expectRefused(await cleanPhoto(Buffer.concat([input, html]), 'image/heic'), /HEIF box/);
    expectRefused(await cleanPhoto(Buffer.concat([input, Buffer.from([0, 0, 0])]), 'image/heic'), /cut off/);
    expectRefused(await cleanPhoto(input.subarray(0, input.length - 5), 'image/heic'), /truncated/);
    expectRefused(await cleanPhoto(heif({ withoutMeta: true }), 'image/heic'), /meta box/);
    expectRefused(await cleanPhoto(heif({ withoutMdat: true }), 'image/heic'), /mdat/);
  });

  it('refuses HEIC whose meta box cannot be read', async () => {
    expectRefused(await cleanPhoto(heif({ exifWithoutLocation: true }), 'image/heic'), /no location/);
    expectRefused(await cleanPhoto(heif({ exifOutsideFile: true }), 'image/heic'), /outside the file/);
    expectRefused(await cleanPhoto(heif({ handler: 'vide' }), 'image/heic'), /handler/);
    expectRefused(await cleanPhoto(heif({ infeVersion: 1 }), 'image/heic'), /infe version/);
  });

  it('works on the shared test photos', async () => {
    const photos = await realPhotos();
    for (const [name, type] of [
      ['jpeg', 'image/jpeg'],
      ['png', 'image/png'],
      ['gif', 'image/gif'],
      ['webp', 'image/webp'],
      ['heic', 'image/heic'],
    ] as const) {
      expect(await cleanPhoto(photos[name], type), name).toMatchObject({ ok: true, contentType: type });
    }
    const heic = await cleanPhoto(photos.heic, 'image/heic');
    expect(heic.ok && heic.content.includes('GPS')).toBe(false);
  });
});

const text = (value: string) => Buffer.from(value, 'latin1');
const imagePayload = text('not really HEVC data');
// An Exif item starts with the offset of the TIFF header, then "Exif\0\0" and the TIFF data.
const exifPayload = Buffer.concat([u32(6), text('Exif\0\0MM\0*\0\0\0\x08GPS 34.2309N 111.3251W')]);
const xmpPayload = text('<x:xmpmeta xmlns:x="adobe:ns:meta/"><exif:GPSLatitude>34,13.85N</exif:GPSLatitude>');

function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([u32(8 + body.length), text(type), body]);
}

function fullBox(type: string, version: number, ...content: Buffer[]): Buffer {
  return box(type, u32(version << 24), ...content);
}

interface HeifOptions {
  brand?: string;
  ilocVersion?: 0 | 1 | 2;
  infeVersion?: number;
  handler?: string;
  exifInIdat?: boolean;
  xmp?: boolean;
  largeMdat?: boolean;
  mdatToEnd?: boolean;
  withoutMeta?: boolean;
  withoutMdat?: boolean;
  exifWithoutLocation?: boolean;
  exifOutsideFile?: boolean;
}

/**
 * A minimal HEIF file as phones write it: ftyp, a meta box (hdlr, pitm, iinf with an image item
 * and an Exif item, iloc pointing into mdat or idat) and mdat. The "image" is not real HEVC.
 */
function heif(options: HeifOptions = {}): Buffer {
  const { ilocVersion = 0, infeVersion = 2 } = options;
  // An item's type is followed by its (empty) name and, for 'mime' items, the content type.
  const items: { id: number; type: string; payload: Buffer; inIdat: boolean }[] = [
    { id: 1, type: 'hvc1\0', payload: imagePayload, inIdat: false },
    { id: 2, type: 'Exif\0', payload: exifPayload, inIdat: Boolean(options.exifInIdat) },
  ];
  if (options.xmp) items.push({ id: 3, type: 'mime\0application/rdf+xml\0', payload: xmpPayload, inIdat: false });

  const itemId = (id: number) => (infeVersion === 3 ? u32(id) : u16(id));
  const meta = (mdatDataAt: number) => {
    const located = options.exifWithoutLocation ? items.filter((item) => item.id !== 2) : items;
    let mdatOffset = mdatDataAt;
    let idatOffset = 0;
    const entries = located.map((item) => {
      const offset = item.inIdat ? idatOffset : mdatOffset;
      if (item.inIdat) idatOffset += item.payload.length;
      else mdatOffset += item.payload.length;
      const length = item.id === 2 && options.exifOutsideFile ? 100_000 : item.payload.length;
      return Buffer.concat([
        ilocVersion === 2 ? u32(item.id) : u16(item.id),
        ilocVersion === 0 ? Buffer.alloc(0) : u16(item.inIdat ? 1 : 0), // construction method
        u16(0), // data reference index
        u16(1), // one extent
        u32(offset),
        u32(length),
      ]);
    });
    const idatItems = items.filter((item) => item.inIdat);
    return fullBox(
      'meta',
      0,
      fullBox('hdlr', 0, u32(0), text(options.handler ?? 'pict'), Buffer.alloc(12), text('\0')),
      fullBox('pitm', 0, u16(1)),
      fullBox(
        'iinf',
        0,
        u16(items.length),
        ...items.map((item) => fullBox('infe', infeVersion, itemId(item.id), u16(0), text(item.type))),
      ),
      fullBox(
        'iloc',
        ilocVersion,
        u16(0x4400), // 4-byte offsets and lengths, no base offset or index
        ilocVersion === 2 ? u32(entries.length) : u16(entries.length),
        ...entries,
      ),
      ...(idatItems.length ? [box('idat', ...idatItems.map((item) => item.payload))] : []),
    );
  };

  const ftyp = box('ftyp', text(options.brand ?? 'heic'), u32(0), text('mif1heic'));
  const mdatPayload = Buffer.concat(items.filter((item) => !item.inIdat).map((item) => item.payload));
  const mdatHeader = options.largeMdat
    ? Buffer.concat([u32(1), text('mdat'), u32(0), u32(16 + mdatPayload.length)])
    : Buffer.concat([u32(options.mdatToEnd ? 0 : 8 + mdatPayload.length), text('mdat')]);
  const metaLength = options.withoutMeta ? 0 : meta(0).length;
  const metaBox = options.withoutMeta ? Buffer.alloc(0) : meta(ftyp.length + metaLength + mdatHeader.length);
  const mdat = options.withoutMdat ? box('free', mdatPayload) : Buffer.concat([mdatHeader, mdatPayload]);
  return Buffer.concat([ftyp, metaBox, mdat]);
}

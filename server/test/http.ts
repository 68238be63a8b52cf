import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { RequestListener } from 'node:http';
import { siteOrigins, type SiteOrigins } from '../http/site-origins';
import { createLocalDiskStorage } from '../services/storage/local-disk';
import type { LocalDiskStorage } from '../services/storage/types';

export interface ListeningServer {
  base: string;
  close: () => Promise<void>;
}

/**
 * Serves an app on a random loopback port; `base` is its origin. Pass a function to build the
 * app once the origin is known (the app trusts only configured origins: see testOrigins).
 */
export async function listen(factory: (base: string) => RequestListener): Promise<ListeningServer>;
export async function listen(app: RequestListener): Promise<ListeningServer>;
export async function listen(app: RequestListener | ((base: string) => RequestListener)): Promise<ListeningServer> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A request listener takes (req, res); a factory takes only the base.
  server.on('request', app.length >= 2 ? (app as RequestListener) : (app as (base: string) => RequestListener)(base));
  return {
    base,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The test server's own origin as the site's only configured origin. */
export function testOrigins(base: string): SiteOrigins {
  return siteOrigins(base);
}

/** A fresh temporary folder and a function that removes it. */
export async function tempDir(label: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `rcc-${label}-`));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * scrypt settings a thousand times cheaper than the site's, for tests of sign-in and what comes
 * after it: the settings are stored in each hash and read back by verifyPassword, so signing in
 * runs the same code, without a third of a second of CPU per try on a busy test machine. The
 * site's own settings are tested in password-hash.test.ts, and by the owner-password script's test.
 */
export const quickPasswordHash = { N: 2 ** 10, r: 8, p: 1 };

export const testSigningSecret = 'test-secret-that-is-at-least-32-characters';

export async function localTestStorage(dir: string, now?: () => number): Promise<LocalDiskStorage> {
  return createLocalDiskStorage({ dir: path.join(dir, 'uploads'), secret: testSigningSecret, now });
}

/** The first bytes of real image files (magic numbers) followed by filler. */
export const photos = {
  jpeg: withFiller([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...ascii('JFIF'), 0x00]),
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
  gif: withFiller(ascii('GIF89a')),
  webp: withFiller([...ascii('RIFF'), 0x24, 0, 0, 0, ...ascii('WEBPVP8 ')]),
  heic: withFiller([0, 0, 0, 0x18, ...ascii('ftypheic'), 0, 0, 0, 0, ...ascii('mif1heic')]),
  /** Text pretending to be a photo. */
  fake: Buffer.from('<html><script>alert(1)</script></html>'.repeat(4)),
};

function ascii(text: string): number[] {
  return [...Buffer.from(text, 'latin1')];
}

function withFiller(head: number[]): Buffer {
  return Buffer.concat([Buffer.from(head), Buffer.alloc(200, 7)]);
}

/** A complete, valid quote request as the form sends it. */
export const validQuote = {
  name: 'Jane Doe',
  phone: '(928) 555-0100',
  email: 'jane@example.com',
  projectType: 'Deck',
  city: 'Payson',
  budgetRange: '$10,000 - $25,000',
  message: 'New deck, about 12 by 16 feet.',
} as const;

/** Asks the API for an upload URL and PUTs `bytes` there, as the browser does. */
export async function uploadPhoto(base: string, bytes: Buffer, contentType: string) {
  const ticket = await fetch(`${base}/api/objects/upload`, { method: 'POST' });
  const { uploadURL } = (await ticket.json()) as { uploadURL: string };
  const put = await fetch(uploadURL, { method: 'PUT', body: asBody(bytes), headers: { 'Content-Type': contentType } });
  return { uploadURL, put, photoUrl: uploadURL.split('?')[0]! };
}

/** Opening PGlite (WASM) or creating a Postgres database can be slow on a busy machine. */
export const setupTimeout = 60_000;

/** Bytes as a fetch body (TypeScript's DOM types do not take a Node Buffer). */
export function asBody(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes);
}

/** Words of the homeowner's address that `phonePhoto` hides in its XMP and IPTC: no served image may hold them. */
export const photoAddressWords = { xmp: 'XmpHomeownerStreet', iptc: 'IptcHomeownerCity' } as const;

/**
 * A photo as a phone (and a photo app after it) saves it: a one-colour JPEG with the camera's make
 * and model and the GPS position of the homeowner's house in its EXIF, an EXIF orientation (6:
 * shown portrait), an XMP packet with the position and the street, and an IPTC record (in a
 * Photoshop APP13 segment) with the town.
 */
export async function phonePhoto({
  width = 1600,
  height = 1200,
  colour = '#7a5230',
  orientation = 1,
}: { width?: number; height?: number; colour?: string; orientation?: number } = {}): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .withMetadata({ orientation })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '34/1 13/1 51/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '111/1 19/1 29/1',
      },
    })
    .withXmp(
      '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">' +
        '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about=""' +
        ' xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"' +
        ` exif:GPSLatitude="34,13.85N" exif:GPSLongitude="111,19.48W" photoshop:City="${photoAddressWords.xmp}"/>` +
        '</rdf:RDF></x:xmpmeta><?xpacket end="w"?>',
    )
    .toBuffer()
    .then(withIptc);
}

/** The JPEG with an APP13 segment after its SOI: Photoshop's 8BIM resource 0x0404 holding an IPTC city (2:90). */
function withIptc(jpeg: Buffer): Buffer {
  const city = Buffer.from(photoAddressWords.iptc);
  const record = Buffer.concat([Buffer.from([0x1c, 2, 90, 0, city.length]), city]);
  const resource = Buffer.concat([
    Buffer.from('8BIM'),
    Buffer.from([0x04, 0x04, 0, 0]),
    Buffer.alloc(4),
    record,
    Buffer.alloc(record.length % 2),
  ]);
  resource.writeUInt32BE(record.length, 10);
  const payload = Buffer.concat([Buffer.from('Photoshop 3.0\0'), resource]);
  const segment = Buffer.concat([Buffer.from([0xff, 0xed, 0, 0]), payload]);
  segment.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

let realPhotosCache: Promise<{ jpeg: Buffer; png: Buffer; gif: Buffer; webp: Buffer; heic: Buffer }> | undefined;

/**
 * Small photos that decode completely (made once by sharp), for tests that need the upload's
 * full check to pass. `heic` is built by hand (this sharp cannot encode HEVC): ftyp, a meta box
 * naming an image item and an Exif item with a fake GPS position, and the mdat they point into.
 */
export function realPhotos(): Promise<{ jpeg: Buffer; png: Buffer; gif: Buffer; webp: Buffer; heic: Buffer }> {
  realPhotosCache ??= (async () => {
    const { default: sharp } = await import('sharp');
    const pixels = { create: { width: 8, height: 6, channels: 3, background: '#8b5a2b' } } as const;
    const frames = await Promise.all(
      ['#8b5a2b', '#2b5a8b'].map((background) =>
        sharp({ create: { ...pixels.create, background } })
          .png()
          .toBuffer(),
      ),
    );
    return {
      jpeg: await sharp(pixels).jpeg().toBuffer(),
      png: await sharp(pixels).png().toBuffer(),
      gif: await sharp(frames, { join: { animated: true } })
        .gif({ delay: 100 })
        .toBuffer(),
      webp: await sharp(pixels).webp().toBuffer(),
      heic: minimalHeic(),
    };
  })();
  return realPhotosCache;
}

function minimalHeic(): Buffer {
  const u16 = (value: number) => Buffer.from([value >> 8, value & 0xff]);
  const u32 = (value: number) => Buffer.from([value >>> 24, (value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff]);
  const text = (value: string) => Buffer.from(value, 'latin1');
  const box = (type: string, ...content: Buffer[]) => {
    const body = Buffer.concat(content);
    return Buffer.concat([u32(8 + body.length), text(type), body]);
  };
  const fullBox = (type: string, version: number, ...content: Buffer[]) => box(type, u32(version << 24), ...content);
  const image = text('not really HEVC data');
  const exif = Buffer.concat([u32(6), text('Exif\0\0MM\0*\0\0\0\x08GPS 34.2309N 111.3251W')]);
  const meta = (imageAt: number, exifAt: number) =>
    fullBox(
      'meta',
      0,
      fullBox('hdlr', 0, u32(0), text('pict'), Buffer.alloc(12), text('\0')),
      fullBox('pitm', 0, u16(1)),
      fullBox(
        'iinf',
        0,
        u16(2),
        fullBox('infe', 2, u16(1), u16(0), text('hvc1\0')),
        fullBox('infe', 2, u16(2), u16(0), text('Exif\0')),
      ),
      // Version 0, 4-byte offsets and lengths, no base offset: item, data reference, extents.
      fullBox(
        'iloc',
        0,
        u16(0x4400),
        u16(2),
        ...[1, imageAt, image.length, 2, exifAt, exif.length].flatMap((value, index) =>
          index % 3 === 0 ? [u16(value), u16(0), u16(1)] : [u32(value)],
        ),
      ),
    );
  const ftyp = box('ftyp', text('heic'), u32(0), text('mif1heic'));
  const dataAt = ftyp.length + meta(0, 0).length + 8;
  return Buffer.concat([ftyp, meta(dataAt, dataAt + image.length), box('mdat', image, exif)]);
}

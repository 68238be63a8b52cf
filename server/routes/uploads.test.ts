import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { maxPhotoBytes, photoMessages } from '@shared/schemas/quote-request';
import { uploadUrlLifetimeMs } from '../services/storage/local-disk';
import { serveTestApp } from '../test/app-fixture';
import { testDatabases } from '../test/databases';
import { asBody, photos as fakePhotos, realPhotos, setupTimeout, uploadPhoto } from '../test/http';

describe.each(testDatabases)('local-disk photo uploads on $kind', (testDb) => {
  let clock = Date.now();
  let photos: Awaited<ReturnType<typeof realPhotos>>;
  const app = serveTestApp(testDb, { label: 'uploads', apps: [{ secureHeaders: true }], storageClock: () => clock });

  beforeAll(async () => {
    photos = await realPhotos();
  }, setupTimeout);

  const askUpload = async (init: RequestInit = {}) => {
    const response = await fetch(`${app.base}/api/objects/upload`, { method: 'POST', ...init });
    expect(response.status).toBe(200);
    return ((await response.json()) as { uploadURL: string }).uploadURL;
  };
  const put = (url: string, body: Buffer | ReadableStream<Uint8Array>, contentType?: string, init: RequestInit = {}) =>
    fetch(url, {
      method: 'PUT',
      body: Buffer.isBuffer(body) ? asBody(body) : body,
      headers: contentType ? { 'Content-Type': contentType } : {},
      ...init,
    });
  const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;
  const leftoverFiles = async () => (await readdir(path.join(app.dir, 'uploads'))).filter((f) => f.endsWith('.part'));

  it('hands out an absolute, signed, expiring URL under a fresh key', async () => {
    const response = await fetch(`${app.base}/api/objects/upload`, { method: 'POST' });
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { uploadURL } = (await response.json()) as { uploadURL: string };
    const url = new URL(uploadURL);
    expect(url.origin).toBe(app.base);
    expect(url.pathname).toMatch(
      /^\/api\/objects\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(Number(url.searchParams.get('expires'))).toBe(clock + uploadUrlLifetimeMs);
    expect(url.searchParams.get('signature')).toMatch(/^[\w-]{43}$/);
    expect(await askUpload()).not.toBe(uploadURL);
  });

  it('round-trips a photo: the photoUrl serves it with its type, without metadata', async () => {
    for (const [type, bytes] of [
      ['image/jpeg', photos.jpeg],
      ['image/png', photos.png],
      ['image/gif', photos.gif],
      ['image/webp', photos.webp],
      ['image/heic', photos.heic],
    ] as const) {
      const { put: stored, photoUrl } = await uploadPhoto(app.base, bytes, type);
      expect(stored.status, type).toBe(200);
      const served = await fetch(photoUrl);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const body = Buffer.from(await served.arrayBuffer());
      if (type === 'image/heic') continue; // this sharp cannot decode HEVC; photo-check-heif.test covers it
      const [sent, got] = await Promise.all([sharp(bytes).metadata(), sharp(body).metadata()]);
      expect([got.format, got.width, got.height]).toEqual([sent.format, sent.width, sent.height]);
      expect(got.exif).toBeUndefined();
    }
  });

  it('refuses a file that starts like an image but is not one (a polyglot) with 415', async () => {
    const polyglot = Buffer.concat([Buffer.from('GIF89a'), Buffer.from('<html><script>alert(1)</script></html>')]);
    const gifThenHtml = Buffer.concat([photos.gif, Buffer.from('<html><script>alert(1)</script></html>')]);
    for (const bytes of [polyglot, gifThenHtml]) {
      const url = await askUpload();
      const response = await put(url, bytes, 'image/gif');
      expect(response.status).toBe(415);
      expect(await errorOf(response)).toBe(photoMessages.type);
      expect((await fetch(url.split('?')[0]!)).status).toBe(404);
    }
    expect(await leftoverFiles()).toEqual([]);
  });

  it('strips the GPS position and keeps the orientation of a phone photo', async () => {
    const phonePhoto = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '34/1 14/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(phonePhoto).metadata()).orientation).toBe(6);
    expect(phonePhoto.includes(Buffer.from('PhoneMaker'))).toBe(true);
    const { put: stored, photoUrl } = await uploadPhoto(app.base, phonePhoto, 'image/jpeg');
    expect(stored.status).toBe(200);
    const served = Buffer.from(await (await fetch(photoUrl)).arrayBuffer());
    const meta = await sharp(served).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.includes(Buffer.from('PhoneMaker'))).toBe(false);
    // Orientation 6 turns the 40x20 picture upright: 20 wide, 40 high.
    expect([meta.width, meta.height]).toEqual([20, 40]);
  });

  it("takes the spec's empty body, also sent as JSON, and checks the type when the file arrives", async () => {
    const variants: Record<string, string>[] = [{}, { 'Content-Type': 'application/json' }, { 'Content-Length': '0' }];
    for (const headers of variants) {
      const url = await askUpload({ headers, body: '' });
      const text = await put(url, Buffer.from('not a photo at all'), 'text/plain');
      expect(text.status).toBe(415);
      expect(await errorOf(text)).toBe(photoMessages.type);
      const disguised = await put(url, Buffer.from('<html>not a photo</html>'), 'image/jpeg');
      expect(disguised.status).toBe(415);
      expect(await errorOf(disguised)).toBe(photoMessages.type);
      expect((await put(url, photos.png, 'image/png')).status).toBe(200);
    }
  });

  it('accepts an optional { contentType } and refuses other bodies', async () => {
    const json = (body: string, type = 'application/json') =>
      fetch(`${app.base}/api/objects/upload`, { method: 'POST', body, headers: { 'Content-Type': type } });
    expect((await json('{"contentType":"image/png"}')).status).toBe(200);
    expect((await json('{}')).status).toBe(200);
    const html = await json('{"contentType":"text/html"}');
    expect(html.status).toBe(415);
    expect(await errorOf(html)).toBe(photoMessages.type);
    expect((await json('[]')).status).toBe(400);
    expect((await json('{"contentType":')).status).toBe(400);
    expect((await json('contentType=image/png', 'application/x-www-form-urlencoded')).status).toBe(415);
    expect((await json(JSON.stringify({ contentType: 'x'.repeat(2000) }))).status).toBe(413);
  });

  it('refuses an expired URL with 403', async () => {
    const url = await askUpload();
    clock += uploadUrlLifetimeMs + 1;
    try {
      const response = await put(url, photos.jpeg, 'image/jpeg');
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toBe('This upload link has expired. Please attach the photo again.');
    } finally {
      clock = Date.now();
    }
  });

  it('refuses a bad or missing signature with 403', async () => {
    const url = new URL(await askUpload());
    const other = new URL(await askUpload());
    const tampered = (change: (u: URL) => void) => {
      const copy = new URL(url);
      change(copy);
      return copy.toString();
    };
    const attempts = [
      tampered((u) => u.searchParams.set('signature', 'A'.repeat(43))),
      tampered((u) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 60_000))),
      tampered((u) => u.searchParams.delete('signature')),
      tampered((u) => (u.search = '')),
      tampered((u) => u.searchParams.set('signature', other.searchParams.get('signature')!)),
      tampered((u) => (u.pathname = other.pathname)),
      `${app.base}/api/objects/..%2F..%2Fupload-secret?${url.searchParams}`,
    ];
    for (const attempt of attempts) {
      const response = await put(attempt, photos.jpeg, 'image/jpeg');
      expect(response.status, attempt).toBe(403);
    }
    expect(await leftoverFiles()).toEqual([]);
  });

  it('accepts one upload per URL', async () => {
    const url = await askUpload();
    expect((await put(url, photos.png, 'image/png')).status).toBe(200);
    const second = await put(url, photos.jpeg, 'image/jpeg');
    expect(second.status).toBe(409);
    const served = await fetch(url.split('?')[0]!);
    expect(Buffer.from(await served.arrayBuffer()).equals(photos.png)).toBe(true);
  });

  it('refuses types other than photos with 415, then still accepts a photo', async () => {
    const url = await askUpload();
    for (const type of ['text/plain', 'text/html', 'application/octet-stream', 'image/svg+xml', undefined]) {
      const response = await put(url, photos.jpeg, type);
      expect(response.status, String(type)).toBe(415);
      expect(await errorOf(response)).toBe(photoMessages.type);
    }
    expect((await fetch(url.split('?')[0]!)).status).toBe(404);
    expect((await put(url, photos.jpeg, 'image/jpeg')).status).toBe(200);
  });

  it('refuses bytes that are not an image, whatever the Content-Type says', async () => {
    for (const bytes of [fakePhotos.fake, Buffer.alloc(0), Buffer.from([0xff, 0xd8])]) {
      const url = await askUpload();
      const response = await put(url, bytes, 'image/jpeg');
      expect(response.status).toBe(415);
      expect((await fetch(url.split('?')[0]!)).status).toBe(404);
    }
    expect(await leftoverFiles()).toEqual([]);
  });

  it('refuses photos over 15 MB with 413, announced or streamed', async () => {
    const tooBig = Buffer.concat([photos.jpeg, Buffer.alloc(maxPhotoBytes + 1 - photos.jpeg.length)]);
    const announced = await askUpload();
    const response = await put(announced, tooBig, 'image/jpeg');
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toBe(photoMessages.tooLarge);

    // Without Content-Length the limit is enforced while streaming to disk.
    const streamed = await askUpload();
    const chunked = await put(streamed, chunks(tooBig), 'image/jpeg', { duplex: 'half' } as RequestInit);
    expect(chunked.status).toBe(413);
    expect((await fetch(streamed.split('?')[0]!)).status).toBe(404);
    expect(await leftoverFiles()).toEqual([]);

    const exactly = await askUpload();
    const atLimit = await put(exactly, chunks(jpegOfSize(photos.jpeg, maxPhotoBytes)), 'image/jpeg', {
      duplex: 'half',
    } as RequestInit);
    expect(atLimit.status).toBe(200);
  });

  it('drops an upload the visitor aborts halfway and keeps serving', async () => {
    const url = await askUpload();
    const controller = new AbortController();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(stream) {
        if (sent === 2) {
          controller.abort();
          return;
        }
        stream.enqueue(sent === 0 ? photos.jpeg : new Uint8Array(64 * 1024));
        sent++;
        await new Promise((resolve) => setTimeout(resolve, 50));
      },
    });
    await expect(
      put(url, body, 'image/jpeg', { duplex: 'half', signal: controller.signal } as RequestInit),
    ).rejects.toThrow();
    await expect.poll(leftoverFiles, { timeout: 5000 }).toEqual([]);
    expect((await fetch(url.split('?')[0]!)).status).toBe(404);
    expect((await fetch(`${app.base}/api/health`)).status).toBe(200);
  });

  it('answers unknown photos with a JSON 404', async () => {
    for (const key of ['2b0f5a5e-3f0e-4d7a-9b1e-0c6f1f8e2a11', 'not-a-key', '..%2Fupload-secret']) {
      const response = await fetch(`${app.base}/api/objects/${key}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Not found' });
    }
  });
});

/**
 * A valid JPEG of exactly `size` bytes: the photo with comment segments (FF FE, up to 64 KB
 * each) inserted after its start marker. Decoders skip comments; the stored copy drops them.
 */
function jpegOfSize(jpeg: Buffer, size: number): Buffer {
  const segments: Buffer[] = [];
  let missing = size - jpeg.length;
  while (missing > 0) {
    // A segment is 4 bytes of marker and length plus its data; keep the last one at least 4 bytes.
    let total = Math.min(missing, 65_535 + 2);
    if (missing - total > 0 && missing - total < 4) total -= 4;
    const segment = Buffer.alloc(total, 0x20);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(total - 2, 2);
    segments.push(segment);
    missing -= total;
  }
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

/** The buffer as a stream of 1 MB chunks, so fetch sends it without a Content-Length. */
function chunks(buffer: Buffer): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= buffer.length) return controller.close();
      controller.enqueue(buffer.subarray(offset, offset + 1024 * 1024));
      offset += 1024 * 1024;
    },
  });
}

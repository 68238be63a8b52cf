import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxPhotoBytes, photoMessages } from '@shared/schemas/quote-request';
import { createApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { uploadUrlLifetimeMs } from '../services/storage/local-disk';
import { testDatabases } from '../test/databases';
import { asBody, listen, localTestStorage, photos, setupTimeout, tempDir, uploadPhoto } from '../test/http';

describe.each(testDatabases)('local-disk photo uploads on $kind', (testDb) => {
  let database: DatabaseHandle;
  let uploads: Awaited<ReturnType<typeof tempDir>>;
  let server: Awaited<ReturnType<typeof listen>>;
  let base: string;
  let clock = Date.now();

  beforeAll(async () => {
    database = await testDb.open();
    uploads = await tempDir('uploads');
    const storage = await localTestStorage(uploads.dir, () => clock);
    server = await listen(createApp({ database, storage, secureHeaders: true }));
    base = server.base;
  }, setupTimeout);

  afterAll(async () => {
    await server.close();
    await database.close();
    await testDb.cleanup();
    await uploads.remove();
  }, setupTimeout);

  const askUpload = async (init: RequestInit = {}) => {
    const response = await fetch(`${base}/api/objects/upload`, { method: 'POST', ...init });
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
  const leftoverFiles = async () =>
    (await readdir(path.join(uploads.dir, 'uploads'))).filter((f) => f.endsWith('.part'));

  it('hands out an absolute, signed, expiring URL under a fresh key', async () => {
    const response = await fetch(`${base}/api/objects/upload`, { method: 'POST' });
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { uploadURL } = (await response.json()) as { uploadURL: string };
    const url = new URL(uploadURL);
    expect(url.origin).toBe(base);
    expect(url.pathname).toMatch(
      /^\/api\/objects\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(Number(url.searchParams.get('expires'))).toBe(clock + uploadUrlLifetimeMs);
    expect(url.searchParams.get('signature')).toMatch(/^[\w-]{43}$/);
    expect(await askUpload()).not.toBe(uploadURL);
  });

  it('round-trips a photo: the photoUrl serves the same bytes with its type', async () => {
    for (const [type, bytes] of [
      ['image/jpeg', photos.jpeg],
      ['image/png', photos.png],
      ['image/gif', photos.gif],
      ['image/webp', photos.webp],
      ['image/heic', photos.heic],
    ] as const) {
      const { put: stored, photoUrl } = await uploadPhoto(base, bytes, type);
      expect(stored.status).toBe(200);
      const served = await fetch(photoUrl);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('accepts an optional { contentType } and refuses other bodies', async () => {
    const json = (body: string, type = 'application/json') =>
      fetch(`${base}/api/objects/upload`, { method: 'POST', body, headers: { 'Content-Type': type } });
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
      `${base}/api/objects/..%2F..%2Fupload-secret?${url.searchParams}`,
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
    for (const bytes of [photos.fake, Buffer.alloc(0), Buffer.from([0xff, 0xd8])]) {
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
    const atLimit = await put(exactly, chunks(tooBig.subarray(0, maxPhotoBytes)), 'image/jpeg', {
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
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });

  it('answers unknown photos with a JSON 404', async () => {
    for (const key of ['2b0f5a5e-3f0e-4d7a-9b1e-0c6f1f8e2a11', 'not-a-key', '..%2Fupload-secret']) {
      const response = await fetch(`${base}/api/objects/${key}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Not found' });
    }
  });
});

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

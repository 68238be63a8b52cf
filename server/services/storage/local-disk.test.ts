import { randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realPhotos, tempDir, testSigningSecret } from '../../test/http';
import { createLocalDiskStorage, uploadUrlLifetimeMs } from './local-disk';
import type { LocalDiskStorage } from './types';
import { checkUploadSignature, loadSigningSecret, signUpload } from './url-signing';

const origin = 'https://www.rimcountrycarpentry.example';

describe('local-disk storage', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let storage: LocalDiskStorage;
  let photos: Awaited<ReturnType<typeof realPhotos>>;

  beforeAll(async () => {
    photos = await realPhotos();
    temp = await tempDir('local-disk');
    storage = await createLocalDiskStorage({ dir: path.join(temp.dir, 'uploads'), secret: testSigningSecret });
  });
  afterAll(() => temp.remove());

  async function stored(bytes = photos.jpeg, contentType = 'image/jpeg') {
    const { key, uploadURL } = await storage.createUpload({ origin: `${origin}/` });
    const url = new URL(uploadURL);
    expect(storage.checkUploadUrl(key, url.searchParams.get('expires'), url.searchParams.get('signature'))).toBe(
      'valid',
    );
    await storage.saveUpload(key, { contentType, length: bytes.length, body: Readable.from([bytes]) });
    return { key, uploadURL, photoUrl: `${origin}/api/objects/${key}` };
  }

  it('builds the upload URL on the request origin', async () => {
    const { key, uploadURL } = await storage.createUpload({ origin });
    expect(uploadURL.startsWith(`${origin}/api/objects/${key}?expires=`)).toBe(true);
  });

  it('recognises exactly the URLs of photos it stored', async () => {
    const { key, uploadURL, photoUrl } = await stored();
    expect(storage.keyOf(photoUrl, [origin])).toBe(key);
    expect(await storage.hasPhoto(key)).toBe(true);
    // A well-formed key that was never uploaded has the shape, but no photo.
    const unknown = randomUUID();
    expect(storage.keyOf(`${origin}/api/objects/${unknown}`, [origin])).toBe(unknown);
    expect(await storage.hasPhoto(unknown)).toBe(false);
    const notOurs = [
      uploadURL,
      `${photoUrl}/`,
      `${photoUrl}#x`,
      `${photoUrl}?`,
      photoUrl.toUpperCase(),
      `http://www.rimcountrycarpentry.example/api/objects/${key}`,
      `https://www.rimcountrycarpentry.example:8443/api/objects/${key}`,
      `https://evil.example/api/objects/${key}`,
      `https://user@www.rimcountrycarpentry.example/api/objects/${key}`,
      `${origin}/api/objects/../upload-secret`,
      `${origin}/api/objects/${key}.part`,
      'not a url',
    ];
    for (const url of notOurs) expect(storage.keyOf(url, [origin]), url).toBeNull();
    // Another configured origin of the site is ours too.
    expect(
      storage.keyOf(`https://rimcountrycarpentry.example/api/objects/${key}`, [
        origin,
        'https://rimcountrycarpentry.example',
      ]),
    ).toBe(key);
  });

  it('keeps a stored photo private to its key and readable by the owner only', async () => {
    const { key } = await stored(photos.png, 'image/png');
    const photo = await storage.findPhoto(key);
    const content = await readFile(path.join(temp.dir, 'uploads', key));
    expect(photo).toEqual({
      file: path.join(temp.dir, 'uploads', key),
      contentType: 'image/png',
      size: content.length,
    });
    expect((await stat(photo!.file)).mode & 0o077).toBe(0);
    expect(await storage.readPhoto(key, content.length)).toEqual({ contentType: 'image/png', content });
    expect(await storage.readPhoto(key, content.length - 1)).toBeNull();
  });

  it('stores a photo posted to the server with the same checks as an upload', async () => {
    const { key, photoUrl } = await storage.storePhoto({ content: photos.png, contentType: 'image/png' }, origin);
    expect(photoUrl).toBe(`${origin}/api/objects/${key}`);
    expect(storage.keyOf(photoUrl, [origin])).toBe(key);
    expect((await storage.findPhoto(key))?.contentType).toBe('image/png');
    await expect(
      storage.storePhoto(
        { content: Buffer.from('<html>not a photo</html>'.repeat(20)), contentType: 'image/png' },
        origin,
      ),
    ).rejects.toMatchObject({ status: 415 });
  });

  it('links to a photo on the site and deletes it for good', async () => {
    const { key } = await stored();
    expect(await storage.viewLink(key, origin)).toBe(`${origin}/api/objects/${key}`);
    await storage.deletePhoto(key);
    expect(await storage.findPhoto(key)).toBeNull();
    await storage.deletePhoto(key); // already gone: fine
  });
});

describe('upload URL signatures', () => {
  const key = randomUUID();
  const now = 1_750_000_000_000;
  const expires = now + uploadUrlLifetimeMs;
  const signature = signUpload(testSigningSecret, key, expires);

  it('accept the signed key and expiry until it passes', () => {
    expect(checkUploadSignature(testSigningSecret, key, String(expires), signature, now)).toBe('valid');
    expect(checkUploadSignature(testSigningSecret, key, String(expires), signature, expires + 1)).toBe('expired');
  });

  it('refuse any change to the key, expiry, signature or secret', () => {
    expect(checkUploadSignature(testSigningSecret, randomUUID(), String(expires), signature, now)).toBe('invalid');
    expect(checkUploadSignature(testSigningSecret, key, String(expires + 1), signature, now)).toBe('invalid');
    const tampered = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(checkUploadSignature(testSigningSecret, key, String(expires), tampered, now)).toBe('invalid');
    expect(checkUploadSignature('another-secret-of-at-least-32-chars!', key, String(expires), signature, now)).toBe(
      'invalid',
    );
    expect(checkUploadSignature(testSigningSecret, key, [String(expires)], signature, now)).toBe('invalid');
    expect(checkUploadSignature(testSigningSecret, key, '1e15', signature, now)).toBe('invalid');
    expect(checkUploadSignature(testSigningSecret, key, String(expires), undefined, now)).toBe('invalid');
  });
});

describe('loadSigningSecret', () => {
  it('creates a random secret once and keeps it across restarts, readable by the owner only', async () => {
    const temp = await tempDir('secret');
    try {
      const first = await loadSigningSecret(temp.dir);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(await loadSigningSecret(temp.dir)).toBe(first);
      expect((await stat(path.join(temp.dir, 'upload-secret'))).mode & 0o077).toBe(0);

      const other = await tempDir('secret-other');
      expect(await loadSigningSecret(other.dir)).not.toBe(first);
      await other.remove();
    } finally {
      await temp.remove();
    }
  });

  it('prefers UPLOAD_SIGNING_SECRET when set', async () => {
    expect(await loadSigningSecret('/nonexistent-dir-not-touched', testSigningSecret)).toBe(testSigningSecret);
  });
});

import { randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, tempDir, testSigningSecret } from '../../test/http';
import { createLocalDiskStorage, uploadUrlLifetimeMs } from './local-disk';
import type { LocalDiskStorage } from './types';
import { checkUploadSignature, loadSigningSecret, signUpload } from './url-signing';

const origin = 'https://www.rimcountrycarpentry.example';

describe('local-disk storage', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let storage: LocalDiskStorage;

  beforeAll(async () => {
    temp = await tempDir('local-disk');
    storage = await createLocalDiskStorage({ dir: path.join(temp.dir, 'uploads'), secret: testSigningSecret });
  });
  afterAll(() => temp.remove());

  async function stored(bytes = photos.jpeg) {
    const { key, uploadURL } = await storage.createUpload({ origin: `${origin}/` });
    const url = new URL(uploadURL);
    expect(storage.checkUploadUrl(key, url.searchParams.get('expires'), url.searchParams.get('signature'))).toBe(
      'valid',
    );
    await storage.saveUpload(key, { contentType: 'image/jpeg', length: bytes.length, body: Readable.from([bytes]) });
    return { key, uploadURL, photoUrl: `${origin}/api/objects/${key}` };
  }

  it('builds the upload URL on the request origin', async () => {
    const { key, uploadURL } = await storage.createUpload({ origin });
    expect(uploadURL.startsWith(`${origin}/api/objects/${key}?expires=`)).toBe(true);
  });

  it('recognises exactly the URLs of photos it stored', async () => {
    const { key, uploadURL, photoUrl } = await stored();
    expect(await storage.isOwnPhotoUrl(photoUrl, { origin })).toBe(true);
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
      `${origin}/api/objects/${randomUUID()}`,
      `${origin}/api/objects/../upload-secret`,
      `${origin}/api/objects/${key}.part`,
      'not a url',
    ];
    for (const url of notOurs) expect(await storage.isOwnPhotoUrl(url, { origin }), url).toBe(false);
  });

  it('keeps a stored photo private to its key and readable by the owner only', async () => {
    const { key } = await stored(photos.png);
    const photo = await storage.findPhoto(key);
    expect(photo).toEqual({
      file: path.join(temp.dir, 'uploads', key),
      contentType: 'image/png',
      size: photos.png.length,
    });
    expect(await readFile(photo!.file)).toEqual(photos.png);
    expect((await stat(photo!.file)).mode & 0o077).toBe(0);
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

import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxPhotoBytes } from '@shared/schemas/quote-request';
import { createApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { openMemoryDatabase } from '../../test/databases';
import { setOwnerPassword } from '../owner/owner-sessions';
import sharp from 'sharp';
import {
  asBody,
  listen,
  photos as fakePhotos,
  realPhotos,
  setupTimeout,
  tempDir,
  testOrigins,
  validQuote,
} from '../../test/http';
import { createS3Storage, uploadUrlLifetimeSeconds } from './s3';
import type { PhotoStorage } from './types';

// s3rver speaks the S3 protocol but does not verify SigV4 signatures (its authentication
// middleware says so), so that the content type is signed is shown by re-computing the signature.
const bucket = 'test-bucket';
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

describe('S3 storage against s3rver', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let s3rver: S3rver;
  let endpoint: string;
  let storage: PhotoStorage;
  let client: S3Client;
  let photos: Awaited<ReturnType<typeof realPhotos>>;

  beforeAll(async () => {
    photos = await realPhotos();
    temp = await tempDir('s3rver');
    s3rver = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: temp.dir,
      configureBuckets: [{ name: bucket }],
    });
    const { port } = await s3rver.run();
    endpoint = `http://127.0.0.1:${port}`;
    const config = { region: 'us-east-1', endpoint, forcePathStyle: true, credentials };
    storage = await createS3Storage({ ...config, bucket, prefix: 'site' });
    client = new S3Client({
      ...config,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }, setupTimeout);

  afterAll(async () => {
    client.destroy();
    await s3rver.close();
    await temp.remove();
  });

  const putWith = (uploadURL: string, bytes: Buffer, contentType: string) =>
    fetch(uploadURL, { method: 'PUT', body: asBody(bytes), headers: { 'Content-Type': contentType } });
  const putDirect = (key: string, bytes: Buffer, contentType: string) =>
    client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }));
  /** What a quote's photoUrl must pass: our bucket and prefix, then a real, clean image. */
  const isOurs = async (url: string) => {
    const key = storage.keyOf(url, ['https://site.example']);
    return key !== null && (await storage.hasPhoto(key));
  };

  it('presigns a PUT under the prefix that round-trips the same bytes', async () => {
    const { key, uploadURL } = await storage.createUpload({ origin: 'https://site.example', contentType: 'image/png' });
    const now = new Date();
    const month = String(now.getUTCMonth() + 1).padStart(2, '0');
    expect(key).toMatch(new RegExp(`^site/quote-photos/${now.getUTCFullYear()}/${month}/[0-9a-f-]{36}$`));
    expect(uploadURL.startsWith(`${endpoint}/${bucket}/${key}?`)).toBe(true);
    expect(storage.uploadOrigin).toBe(endpoint);

    expect((await putWith(uploadURL, photos.png, 'image/png')).status).toBe(200);
    const served = await fetch(uploadURL.split('?')[0]!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(photos.png)).toBe(true);
  });

  it('signs the content type into the URL, and no checksum a browser cannot send', async () => {
    const { key, uploadURL } = await storage.createUpload({ origin: 'https://site.example', contentType: 'image/png' });
    const query = new URL(uploadURL).searchParams;
    expect(query.get('X-Amz-SignedHeaders')!.split(';')).toContain('content-type');
    expect(query.get('X-Amz-Expires')).toBe(String(uploadUrlLifetimeSeconds));
    expect([...query.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);

    // Same request, same signing time: the signature matches for image/png and differs for any
    // other type, so S3 answers a PUT with another Content-Type with SignatureDoesNotMatch.
    const amzDate = query.get('X-Amz-Date')!;
    const signingDate = new Date(
      amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
    );
    const signatureFor = async (contentType: string) =>
      new URL(
        await getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: contentType }), {
          expiresIn: uploadUrlLifetimeSeconds,
          signingDate,
          signableHeaders: new Set(['content-type']),
        }),
      ).searchParams.get('X-Amz-Signature');
    expect(await signatureFor('image/png')).toBe(query.get('X-Amz-Signature'));
    expect(await signatureFor('image/jpeg')).not.toBe(query.get('X-Amz-Signature'));
    expect(await signatureFor('text/html')).not.toBe(query.get('X-Amz-Signature'));
  });

  it('signs no content type when the browser did not name one (the spec client)', async () => {
    const { uploadURL } = await storage.createUpload({ origin: 'https://site.example' });
    expect(new URL(uploadURL).searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    expect((await putWith(uploadURL, photos.heic, 'image/heic')).status).toBe(200);
    expect(await isOurs(uploadURL.split('?')[0]!)).toBe(true);
  });

  it('recognises only uploaded photos under its prefix in its bucket', async () => {
    const context = { origin: 'https://site.example' };
    const { key, uploadURL } = await storage.createUpload({ ...context, contentType: 'image/jpeg' });
    const photoUrl = uploadURL.split('?')[0]!;
    expect(await isOurs(photoUrl)).toBe(false); // issued, not uploaded yet
    await putWith(uploadURL, photos.jpeg, 'image/jpeg');
    expect(await isOurs(photoUrl)).toBe(true);

    const sameShape = (suffix: string) => photoUrl.replace(/[0-9a-f-]{36}$/, suffix);
    const fakeKey = key.replace(/[0-9a-f-]{36}$/, '0c1d2e3f-4a5b-4c6d-8e9f-a0b1c2d3e4f5');
    const htmlKey = key.replace(/[0-9a-f-]{36}$/, '1c1d2e3f-4a5b-4c6d-8e9f-a0b1c2d3e4f5');
    const bigKey = key.replace(/[0-9a-f-]{36}$/, '2c1d2e3f-4a5b-4c6d-8e9f-a0b1c2d3e4f5');
    const polyKey = key.replace(/[0-9a-f-]{36}$/, '4c1d2e3f-4a5b-4c6d-8e9f-a0b1c2d3e4f5');
    await putDirect(fakeKey, fakePhotos.fake, 'image/jpeg'); // says image, is not
    await putDirect(polyKey, Buffer.concat([photos.gif, Buffer.from('<html><script>x</script>')]), 'image/gif');
    await putDirect(htmlKey, photos.jpeg, 'text/html'); // is an image, served as HTML
    await putDirect(bigKey, Buffer.concat([photos.jpeg, Buffer.alloc(maxPhotoBytes)]), 'image/jpeg');
    await putDirect('elsewhere/photo.jpg', photos.jpeg, 'image/jpeg');

    for (const url of [
      `${photoUrl}?x=1`,
      `${photoUrl}#x`,
      photoUrl.replace('127.0.0.1', 'localhost'),
      photoUrl.replace(`/${bucket}/`, '/other-bucket/'),
      photoUrl.replace('/site/', '/'),
      `https://evil.example/${bucket}/${key}`,
      sameShape('3c1d2e3f-4a5b-4c6d-8e9f-a0b1c2d3e4f5'), // never uploaded
      `${endpoint}/${bucket}/${fakeKey}`,
      `${endpoint}/${bucket}/${polyKey}`,
      `${endpoint}/${bucket}/${htmlKey}`,
      `${endpoint}/${bucket}/${bigKey}`,
      `${endpoint}/${bucket}/elsewhere/photo.jpg`,
    ]) {
      expect(await isOurs(url), url).toBe(false);
    }
  });

  it('stores a photo posted to the server (the form without JavaScript) the same way, without its metadata', async () => {
    const phonePhoto = await sharp({ create: { width: 30, height: 10, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker' } })
      .toBuffer();
    const { key, photoUrl } = await storage.storePhoto(
      { content: phonePhoto, contentType: 'image/jpeg' },
      'https://site.example',
    );
    expect(storage.keyOf(photoUrl, ['https://site.example'])).toBe(key);
    expect(await isOurs(photoUrl)).toBe(true);
    const stored = await storage.readPhoto(key, maxPhotoBytes);
    expect(stored!.content.includes(Buffer.from('PhoneMaker'))).toBe(false);

    await expect(
      storage.storePhoto({ content: fakePhotos.fake, contentType: 'image/png' }, 'https://site.example'),
    ).rejects.toMatchObject({ status: 415 });
    await expect(
      storage.storePhoto({ content: photos.png, contentType: 'application/pdf' }, 'https://site.example'),
    ).rejects.toMatchObject({ status: 415 });
  });

  it('rewrites an uploaded photo without its metadata, links to it for a week and deletes it', async () => {
    const phonePhoto = await sharp({ create: { width: 30, height: 10, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { key, uploadURL } = await storage.createUpload({ origin: 'https://site.example' });
    expect((await putWith(uploadURL, phonePhoto, 'image/jpeg')).status).toBe(200);
    expect(await storage.hasPhoto(key)).toBe(true);
    const stored = await storage.readPhoto(key, maxPhotoBytes);
    expect(stored?.contentType).toBe('image/jpeg');
    expect(stored!.content.includes(Buffer.from('PhoneMaker'))).toBe(false);
    const meta = await sharp(stored!.content).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([10, 30, undefined]);
    expect(await storage.readPhoto(key, stored!.content.length - 1)).toBeNull();

    const link = new URL(await storage.viewLink(key, 'https://site.example'));
    expect(link.searchParams.get('X-Amz-Expires')).toBe(String(7 * 24 * 3600));
    expect((await fetch(link)).status).toBe(200);
    await storage.deletePhoto(key);
    expect(await storage.hasPhoto(key)).toBe(false);
    await storage.deletePhoto(key);
  });

  it(
    'works through the API: upload URL, PUT to the bucket, quote with the photo',
    async () => {
      let database: DatabaseHandle | undefined;
      let server: Awaited<ReturnType<typeof listen>> | undefined;
      try {
        database = await openMemoryDatabase();
        const db = database;
        server = await listen((origin) =>
          createApp({
            database: db,
            storage,
            origins: testOrigins(origin),
            secureHeaders: true,
            site: (_req, res) => void res.send('page'),
          }),
        );
        const ticket = await fetch(`${server.base}/api/objects/upload`, {
          method: 'POST',
          body: JSON.stringify({ contentType: 'image/webp' }),
          headers: { 'Content-Type': 'application/json' },
        });
        // Pages may send photos straight to the bucket.
        const page = await fetch(`${server.base}/contact`);
        expect(page.headers.get('content-security-policy')).toContain(`connect-src 'self' ${endpoint};`);
        const { uploadURL } = (await ticket.json()) as { uploadURL: string };
        expect((await putWith(uploadURL, photos.webp, 'image/webp')).status).toBe(200);
        const quote = await fetch(`${server.base}/api/quote-requests`, {
          method: 'POST',
          body: JSON.stringify({ ...validQuote, photoUrl: uploadURL.split('?')[0] }),
          headers: { 'Content-Type': 'application/json' },
        });
        expect(quote.status).toBe(201);

        // The owner's inbox shows the photo through a presigned GET that works for five minutes.
        const { id } = (await quote.json()) as { id: string };
        expect(page.headers.get('content-security-policy')).toContain(`img-src 'self' data: blob: ${endpoint};`);
        await setOwnerPassword(db.transaction, 'a long test password');
        const signIn = await fetch(`${server.base}/api/owner/session`, {
          method: 'POST',
          body: JSON.stringify({ password: 'a long test password' }),
          headers: { 'Content-Type': 'application/json', Origin: server.base },
        });
        const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
        const photo = await fetch(`${server.base}/api/owner/requests/${id}/photo`, {
          headers: { Cookie: cookie },
          redirect: 'manual',
        });
        expect(photo.status).toBe(302);
        const link = new URL(photo.headers.get('location')!);
        expect(link.origin).toBe(endpoint);
        expect(link.searchParams.get('X-Amz-Expires')).toBe('300');
        expect((await fetch(link)).headers.get('content-type')).toBe('image/webp');
      } finally {
        await server?.close();
        await database?.close();
      }
    },
    setupTimeout,
  );
});

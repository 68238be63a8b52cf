import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoMessages, quoteMessages } from '@shared/schemas/quote-request';
import { createApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { quoteRequests } from '../db/schema';
import { rateLimitMessage } from '../http/rate-limit';
import { testDatabases } from '../test/databases';
import { listen, localTestStorage, photos, setupTimeout, tempDir, uploadPhoto, validQuote } from '../test/http';

describe.each(testDatabases)('POST /api/quote-requests on $kind', (testDb) => {
  let database: DatabaseHandle;
  let uploads: Awaited<ReturnType<typeof tempDir>>;
  let server: Awaited<ReturnType<typeof listen>>;
  let base: string;

  beforeAll(async () => {
    database = await testDb.open();
    uploads = await tempDir('quotes');
    server = await listen(createApp({ database, storage: await localTestStorage(uploads.dir), secureHeaders: true }));
    base = server.base;
  }, setupTimeout);

  afterAll(async () => {
    await server.close();
    await database.close();
    await testDb.cleanup();
    await uploads.remove();
  }, setupTimeout);

  const post = (body: string, contentType: string | null = 'application/json') =>
    fetch(`${base}/api/quote-requests`, {
      method: 'POST',
      body,
      headers: contentType ? { 'Content-Type': contentType } : {},
    });
  const postQuote = (quote: Record<string, unknown>) => post(JSON.stringify(quote));
  const storedRows = async () => (await database.db.select({ n: count() }).from(quoteRequests))[0]!.n;

  /** Sends `send()`, expects `status` and a JSON error, and checks that nothing was stored. */
  async function expectRefused(send: () => Promise<Response>, status: number) {
    const before = await storedRows();
    const response = await send();
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as { error: string; fieldErrors?: Record<string, string[]> };
    expect(typeof body.error).toBe('string');
    expect(JSON.stringify(body)).not.toMatch(/\n\s+at |node_modules/);
    expect(await storedRows()).toBe(before);
    return body;
  }

  it('stores a valid request exactly, trimmed, and answers 201 with its id', async () => {
    const response = await postQuote({
      ...validQuote,
      name: '  Jane Doe  ',
      city: ' Payson ',
      message: ' New deck, about 12 by 16 feet. ',
      id: 'not-yours',
      createdAt: '1999-01-01',
      status: 'approved',
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await database.db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
    expect(row).toEqual({
      id,
      ...validQuote,
      photoUrl: null,
      createdAt: expect.any(Date),
    });
    expect(Math.abs(row!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('stores a request without a message as null', async () => {
    const { message: _message, ...withoutMessage } = validQuote;
    const response = await postQuote({ ...withoutMessage, message: '   ' });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [row] = await database.db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
    expect(row?.message).toBeNull();
  });

  it('refuses invalid fields with 400 and the field messages', async () => {
    const body = await expectRefused(
      () => postQuote({ ...validQuote, name: 'J', email: 'nope', projectType: 'Hot tub' }),
      400,
    );
    expect(body).toEqual({
      error: 'Please check the highlighted fields.',
      fieldErrors: {
        name: [quoteMessages.name],
        email: [quoteMessages.email],
        projectType: [quoteMessages.projectType],
      },
    });
    const empty = await expectRefused(() => postQuote({}), 400);
    expect(Object.keys(empty.fieldErrors ?? {}).sort()).toEqual([
      'budgetRange',
      'city',
      'email',
      'name',
      'phone',
      'projectType',
    ]);
  });

  it('refuses text Postgres cannot store with 400, not 500', async () => {
    const body = await expectRefused(() => postQuote({ ...validQuote, message: 'nul \u0000 byte' }), 400);
    expect(body.fieldErrors).toEqual({ message: ['Please remove unsupported characters.'] });
  });

  it('refuses malformed JSON with 400', async () => {
    await expectRefused(() => post('{"name": "Jane",'), 400);
    await expectRefused(() => post(''), 400);
  });

  it('refuses JSON that is not an object with 400', async () => {
    for (const body of ['[]', 'null', '"x"', '42', 'true', JSON.stringify([validQuote])]) {
      const refused = await expectRefused(() => post(body), 400);
      expect(refused.error).toBe('The request body must be a JSON object.');
    }
  });

  it('refuses bodies over 16 KB with 413', async () => {
    const body = await expectRefused(() => postQuote({ ...validQuote, notes: 'x'.repeat(17 * 1024) }), 413);
    expect(body.error).toBe('The request is too large.');
  });

  it('refuses anything but JSON with 415', async () => {
    const json = JSON.stringify(validQuote);
    await expectRefused(() => post(json, 'text/plain'), 415);
    await expectRefused(
      () => post(new URLSearchParams(validQuote).toString(), 'application/x-www-form-urlencoded'),
      415,
    );
    await expectRefused(() => post(json, null), 415);
  });

  it('accepts the photoUrl of a photo this site issued and received', async () => {
    const { put, photoUrl } = await uploadPhoto(base, photos.jpeg, 'image/jpeg');
    expect(put.status).toBe(200);
    const response = await postQuote({ ...validQuote, photoUrl });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [row] = await database.db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
    expect(row?.photoUrl).toBe(photoUrl);
    expect(photoUrl).toMatch(new RegExp(`^${base}/api/objects/[0-9a-f-]{36}$`));
  });

  it('refuses forged or foreign photo URLs', async () => {
    const { photoUrl, uploadURL } = await uploadPhoto(base, photos.png, 'image/png');
    const key = photoUrl.split('/').pop()!;
    const issuedNotUploaded = (await (await fetch(`${base}/api/objects/upload`, { method: 'POST' })).json()) as {
      uploadURL: string;
    };
    const forged = [
      `https://evil.example/api/objects/${key}`, // another host
      `${base.replace('127.0.0.1', 'localhost')}/api/objects/${key}`, // another name for the host
      `${base}/api/objects/${randomUUID()}`, // a key we never issued
      `${base}/api/objects/not-a-key`,
      `${base}/api/objects/${key}/../${key}`,
      `${base}/uploads/${key}`, // a path we never issued
      `${base}/api/objects/${key}?download=1`,
      uploadURL, // still carrying its signature
      issuedNotUploaded.uploadURL.split('?')[0], // issued, but nothing was uploaded
    ];
    for (const url of forged) {
      const body = await expectRefused(() => postQuote({ ...validQuote, photoUrl: url }), 400);
      expect(body.fieldErrors).toEqual({ photoUrl: [photoMessages.notFound] });
    }
  });
});

describe.each(testDatabases)('the per-IP rate limit on $kind', (testDb) => {
  let database: DatabaseHandle;
  let uploads: Awaited<ReturnType<typeof tempDir>>;

  beforeAll(async () => {
    database = await testDb.open();
    uploads = await tempDir('limits');
  }, setupTimeout);

  afterAll(async () => {
    await database.close();
    await testDb.cleanup();
    await uploads.remove();
  }, setupTimeout);

  async function withApp(rateLimitPerMinute: number, run: (base: string) => Promise<void>) {
    const server = await listen(
      createApp({ database, storage: await localTestStorage(uploads.dir), rateLimitPerMinute }),
    );
    try {
      await run(server.base);
    } finally {
      await server.close();
    }
  }
  const postQuote = (base: string) =>
    fetch(`${base}/api/quote-requests`, {
      method: 'POST',
      body: JSON.stringify(validQuote),
      headers: { 'Content-Type': 'application/json' },
    });
  const askUpload = (base: string) => fetch(`${base}/api/objects/upload`, { method: 'POST' });

  it('answers 429 with a JSON message after N requests a minute, per endpoint', async () => {
    await withApp(3, async (base) => {
      for (let i = 0; i < 3; i++) expect((await postQuote(base)).status).toBe(201);
      const limited = await postQuote(base);
      expect(limited.status).toBe(429);
      expect(await limited.json()).toEqual({ error: rateLimitMessage });
      expect(rateLimitMessage).toBe('Too many requests. Please wait a minute and try again, or call us.');

      for (let i = 0; i < 3; i++) expect((await askUpload(base)).status).toBe(200);
      expect((await askUpload(base)).status).toBe(429);
    });
  });

  it('does not limit when set to 0', async () => {
    await withApp(0, async (base) => {
      for (let i = 0; i < 15; i++) expect((await askUpload(base)).status).toBe(200);
    });
  });
});

import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { photoMessages, quoteMessages } from '@shared/schemas/quote-request';
import { deliveries, idempotencyKeys, quoteRequestStates, quoteRequests } from '../db/schema';
import { rateLimitMessage } from '../http/rate-limit';
import { bodyMessages } from '../http/request-body';
import { testDatabases } from '../test/databases';
import { serveTestApp } from '../test/app-fixture';
import { realPhotos, uploadPhoto, validQuote } from '../test/http';

describe.each(testDatabases)('POST /api/quote-requests on $kind', (testDb) => {
  const app = serveTestApp(testDb, {
    label: 'quotes',
    apps: [{ secureHeaders: true, deliveryKinds: ['owner_alert', 'confirmation'] }],
  });
  const { database } = app;

  const post = (body: string, contentType: string | null = 'application/json') =>
    fetch(`${app.base}/api/quote-requests`, {
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
    const sentFrom = Date.now();
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
    // Stamped by the server as it stored it, not the 1999 the body claimed.
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(sentFrom);
    expect(row!.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
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

  it('strips control characters, keeping the line breaks of the message', async () => {
    const response = await postQuote({
      ...validQuote,
      name: 'Jane\u001b[31m Doe\u0001',
      city: 'Pay\u202eson',
      message: 'Line one\r\nline two\u0007 \u0008',
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [row] = await database.db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
    expect([row?.name, row?.city, row?.message]).toEqual(['Jane[31m Doe', 'Payson', 'Line one\nline two']);
  });

  it('refuses a NUL character with 400 and the field it is in, storing nothing', async () => {
    const body = await expectRefused(() => postQuote({ ...validQuote, message: 'New deck\u0000 please' }), 400);
    expect(body).toEqual({ error: bodyMessages.nul, fieldErrors: { message: [bodyMessages.nul] } });
    // The same request without it is stored: the visitor can send it again.
    expect((await postQuote({ ...validQuote, message: 'New deck please' })).status).toBe(201);
  });

  it('needs two visible characters in a name', async () => {
    for (const name of ['  ', '\u200b\u200b', 'J\u200b', '\u0001\u0002x']) {
      const body = await expectRefused(() => postQuote({ ...validQuote, name }), 400);
      expect(body.fieldErrors).toEqual({ name: [quoteMessages.name] });
    }
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
    const { put, photoUrl } = await uploadPhoto(app.base, (await realPhotos()).jpeg, 'image/jpeg');
    expect(put.status).toBe(200);
    const response = await postQuote({ ...validQuote, photoUrl });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [row] = await database.db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
    expect(row?.photoUrl).toBe(photoUrl);
    expect(photoUrl).toMatch(new RegExp(`^${app.base}/api/objects/[0-9a-f-]{36}$`));
  });

  it('refuses forged or foreign photo URLs', async () => {
    const { photoUrl, uploadURL } = await uploadPhoto(app.base, (await realPhotos()).png, 'image/png');
    const key = photoUrl.split('/').pop()!;
    const issuedNotUploaded = (await (await fetch(`${app.base}/api/objects/upload`, { method: 'POST' })).json()) as {
      uploadURL: string;
    };
    const forged = [
      `https://evil.example/api/objects/${key}`, // another host
      `${app.base.replace('127.0.0.1', 'localhost')}/api/objects/${key}`, // another name for the host
      `${app.base}/api/objects/${randomUUID()}`, // a key we never issued
      `${app.base}/api/objects/not-a-key`,
      `${app.base}/api/objects/${key}/../${key}`,
      `${app.base}/uploads/${key}`, // a path we never issued
      `${app.base}/api/objects/${key}?download=1`,
      uploadURL, // still carrying its signature
      issuedNotUploaded.uploadURL.split('?')[0], // issued, but nothing was uploaded
    ];
    for (const url of forged) {
      const body = await expectRefused(() => postQuote({ ...validQuote, photoUrl: url }), 400);
      expect(body.fieldErrors).toEqual({ photoUrl: [photoMessages.notFound] });
    }
  });
  const postWithKey = (quote: Record<string, unknown>, key: string) =>
    fetch(`${app.base}/api/quote-requests`, {
      method: 'POST',
      body: JSON.stringify(quote),
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
    });
  const rowsFor = async (id: string) =>
    (await database.db.select({ n: count() }).from(quoteRequests).where(eq(quoteRequests.id, id)))[0]!.n;

  it('stores a request sent twice with one Idempotency-Key once, and answers both with its id', async () => {
    const key = randomUUID();
    const quote = { ...validQuote, name: 'Retry Twice' };
    const first = await postWithKey(quote, key);
    expect(first.status).toBe(201);
    const { id, visitUrl } = (await first.json()) as { id: string; visitUrl: string };
    expect(visitUrl).toMatch(/^\/visit\/[A-Za-z0-9_-]{43}$/);
    const again = await postWithKey(quote, key.toUpperCase());
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // The same request's own booking page, too.
    expect(await again.json()).toEqual({ id, visitUrl });
    const named = await database.db
      .select({ n: count() })
      .from(quoteRequests)
      .where(eq(quoteRequests.name, 'Retry Twice'));
    expect(named[0]!.n).toBe(1);
    // Without a key, the same content is a new request (the spec's client sends none).
    expect((await postQuote(quote)).status).toBe(201);
    expect((await postQuote(quote)).status).toBe(201);
  });

  it('stores one row when requests with the same key race', async () => {
    const key = randomUUID();
    const quote = { ...validQuote, name: 'Racing Twins' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => postWithKey(quote, key)));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const ids = new Set(await Promise.all(answers.map(async (answer) => ((await answer.json()) as { id: string }).id)));
    expect(ids.size).toBe(1);
    expect(await rowsFor([...ids][0]!)).toBe(1);
    const named = await database.db
      .select({ n: count() })
      .from(quoteRequests)
      .where(eq(quoteRequests.name, 'Racing Twins'));
    expect(named[0]!.n).toBe(1);
  });

  it('refuses a key reused for different content with 422, and a key that is not a UUID with 400', async () => {
    const key = randomUUID();
    expect((await postWithKey(validQuote, key)).status).toBe(201);
    const changed = await expectRefused(() => postWithKey({ ...validQuote, city: 'Pine' }, key), 422);
    expect(changed.error).toMatch(/already used/);
    const bad = await expectRefused(() => postWithKey(validQuote, 'not-a-uuid'), 400);
    expect(bad.error).toBe('The Idempotency-Key header must be a UUID.');
  });

  it('treats a key older than 24 hours as new', async () => {
    const key = randomUUID();
    const first = (await (await postWithKey(validQuote, key)).json()) as { id: string };
    await database.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(idempotencyKeys.key, key));
    const later = await postWithKey(validQuote, key);
    expect(later.status).toBe(201);
    const second = (await later.json()) as { id: string };
    expect(second.id).not.toBe(first.id);
    expect(await rowsFor(second.id)).toBe(1);
  });

  it('queues the owner alert and the confirmation in the same transaction as the request', async () => {
    const { id } = (await (await postQuote(validQuote)).json()) as { id: string };
    const queued = await database.db
      .select({ kind: deliveries.kind, status: deliveries.status })
      .from(deliveries)
      .where(eq(deliveries.quoteRequestId, id));
    expect(queued.map((row) => row.kind).sort()).toEqual(['confirmation', 'owner_alert']);
    expect(queued.every((row) => row.status === 'pending')).toBe(true);
    const [state] = await database.db
      .select()
      .from(quoteRequestStates)
      .where(eq(quoteRequestStates.quoteRequestId, id));
    expect(state).toMatchObject({ status: 'new', spamReason: null });
  });

  it('stores screened spam, marked with the reason, and sends nothing for it', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...validQuote, website: 'http://spam.example' }, /hidden field/],
      [{ ...validQuote, fillMs: 200 }, /0\.2 s after the form appeared/],
      [{ ...validQuote, name: 'Cheap pills www.pills.example' }, /link in the name/],
      [{ ...validQuote, message: 'http://a.example http://b.example http://c.example' }, /3 links/],
    ];
    for (const [quote, reason] of cases) {
      const response = await postQuote(quote);
      expect(response.status).toBe(201); // a bot learns nothing
      const { id } = (await response.json()) as { id: string };
      const [state] = await database.db
        .select()
        .from(quoteRequestStates)
        .where(eq(quoteRequestStates.quoteRequestId, id));
      expect(state?.status).toBe('spam');
      expect(state?.spamReason).toMatch(reason);
      expect(await database.db.select().from(deliveries).where(eq(deliveries.quoteRequestId, id))).toEqual([]);
    }
  });

  it('reads the form signals from headers, leaving the body as the spec gives it', async () => {
    const send = (headers: Record<string, string>) =>
      fetch(`${app.base}/api/quote-requests`, {
        method: 'POST',
        body: JSON.stringify(validQuote),
        headers: { 'Content-Type': 'application/json', ...headers },
      });
    const statusOf = async (response: Response) => {
      const { id } = (await response.json()) as { id: string };
      const [state] = await database.db
        .select()
        .from(quoteRequestStates)
        .where(eq(quoteRequestStates.quoteRequestId, id));
      return state?.status;
    };
    expect(await statusOf(await send({ 'X-Form-Fill-Ms': '300' }))).toBe('spam');
    expect(await statusOf(await send({ 'X-Form-Honeypot': 'buy now' }))).toBe('spam');
    expect(await statusOf(await send({ 'X-Form-Fill-Ms': '4200' }))).toBe('new');
    expect(await statusOf(await send({ 'X-Form-Fill-Ms': '' }))).toBe('new');
  });

  it('does not flag a person who uses autofill or types fast', async () => {
    for (const quote of [
      { ...validQuote, website: '', fillMs: 2600 },
      { ...validQuote, fillMs: 1200, message: 'See https://www.pinterest.com/pin/123 for the look we want' },
    ]) {
      const { id } = (await (await postQuote(quote)).json()) as { id: string };
      const [state] = await database.db
        .select()
        .from(quoteRequestStates)
        .where(eq(quoteRequestStates.quoteRequestId, id));
      expect(state?.status).toBe('new');
    }
  });
});

describe.each(testDatabases)('the per-IP rate limit on $kind', (testDb) => {
  const app = serveTestApp(testDb, { label: 'limits' });
  const withApp = (rateLimitPerMinute: number, run: (base: string) => Promise<void>) =>
    app.withApp({ rateLimitPerMinute }, run);
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

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { photoMessages, quoteMessages } from '@shared/schemas/quote-request';
import { plainPhotoFields } from '@shared/schemas/quote-form-post';
import { deliveries, photoUploads, quoteRequestStates, quoteRequests } from '../db/schema';
import { quotePageRenderer, type RenderWithFormState } from '../http/quote-page';
import { rateLimitMessage } from '../http/rate-limit';
import { bodyMessages } from '../http/request-body';
import { testDatabases } from '../test/databases';
import { serveTestApp } from '../test/app-fixture';
import { realPhotos, validQuote } from '../test/http';

/** The real page: the app's own server render in the page template, as in development. */
const renderQuotePage = quotePageRenderer(async () => {
  const template = await readFile(path.resolve(import.meta.dirname, '../../client/index.html'), 'utf8');
  const { render } = (await import('../../client/src/entry-server')) as { render: RenderWithFormState };
  return { shell: template.replace('<!--app-head-->', '').replace('<!--app-html-->', ''), render };
});

const urlEncoded = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe.each(testDatabases)('POST /contact (the quote form without JavaScript) on $kind', (testDb) => {
  const app = serveTestApp(testDb, {
    label: 'form-post',
    apps: [
      {
        secureHeaders: true,
        deliveryKinds: ['owner_alert', 'confirmation'],
        renderQuotePage,
        rateLimitPerMinute: 0,
      },
    ],
  });
  const { database } = app;

  const postForm = (body: string | FormData, contentType?: string) =>
    fetch(`${app.base}/contact`, {
      method: 'POST',
      body,
      redirect: 'manual',
      headers: contentType ? { 'Content-Type': contentType } : {},
    });
  const postFields = (fields: Record<string, string>) =>
    postForm(urlEncoded(fields), 'application/x-www-form-urlencoded');
  const rowsFor = (email: string) => database.db.select().from(quoteRequests).where(eq(quoteRequests.email, email));
  const storedRows = async () => (await database.db.select({ n: count() }).from(quoteRequests))[0]!.n;

  it('stores a URL-encoded post like the JSON API and answers with the confirmation page', async () => {
    const email = 'plain-form@example.com';
    const response = await postFields({ ...validQuote, email, name: '  Jane Doe ', website: '' });
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain('Your quote request was sent');
    expect(html).toContain('We received your request for <strong class="text-pine-900">Deck</strong> in');
    expect(html).toMatch(/href="tel:\+1\d{10}"/);
    // The request's own booking page, offered under the confirmation.
    expect(html).toMatch(
      /<a href="\/visit\/[A-Za-z0-9_-]{43}"[^>]*>.*Pick a time for your free on-site estimate<\/a>/s,
    );
    // The site's page (header, the form again, empty) without the app's scripts.
    expect(html).toContain('Contact Us');
    expect(html).toContain('method="post"');
    expect(html).not.toContain('<script');

    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...validQuote, email, name: 'Jane Doe', photoUrl: null });
    const [state] = await database.db
      .select()
      .from(quoteRequestStates)
      .where(eq(quoteRequestStates.quoteRequestId, rows[0]!.id));
    expect(state?.status).toBe('new');
    const sends = await database.db.select().from(deliveries).where(eq(deliveries.quoteRequestId, rows[0]!.id));
    expect(sends.map((d) => d.kind).sort()).toEqual(['confirmation', 'owner_alert']);
  });

  it('stores a post sent twice (a double click, a reload) once', async () => {
    const email = 'twice@example.com';
    const fields = { ...validQuote, email, message: 'Same words both times.' };
    const [first, second] = await Promise.all([postFields(fields), postFields(fields)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await postFields(fields)).status).toBe(200);
    expect(await rowsFor(email)).toHaveLength(1);
  });

  it('stores a multipart post with its photo through the upload checks', async () => {
    const email = 'with-photo@example.com';
    const { png } = await realPhotos();
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...validQuote, email })) form.append(name, value);
    form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'deck.png');
    const response = await postForm(form);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Your quote request was sent');

    const [row] = await rowsFor(email);
    expect(row?.photoUrl).toMatch(new RegExp(`^${app.base}/api/objects/[0-9a-f-]{36}$`));
    const photo = await fetch(row!.photoUrl!);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    const key = row!.photoUrl!.split('/').pop()!;
    const [upload] = await database.db.select().from(photoUploads).where(eq(photoUploads.key, key));
    expect(upload?.claimedAt).toBeInstanceOf(Date);
  });

  it('stores the same multipart post with its photo once', async () => {
    const email = 'photo-twice@example.com';
    const { jpeg } = await realPhotos();
    const form = () => {
      const data = new FormData();
      for (const [name, value] of Object.entries({ ...validQuote, email })) data.append(name, value);
      data.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'porch.jpg');
      return data;
    };
    expect((await postForm(form())).status).toBe(200);
    expect((await postForm(form())).status).toBe(200);
    expect(await rowsFor(email)).toHaveLength(1);
  });

  it('answers a refused post with the form again: values kept, the messages beside the fields (400)', async () => {
    const before = await storedRows();
    const response = await postFields({
      name: 'J',
      phone: '555',
      email: 'not-an-email',
      city: 'Pine',
      message: 'Deck & <b>stairs</b>',
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    for (const message of [
      quoteMessages.name,
      quoteMessages.phone,
      quoteMessages.email,
      quoteMessages.projectType,
      quoteMessages.budgetRange,
    ]) {
      expect(html).toContain(message);
    }
    expect(html).not.toContain(quoteMessages.city);
    expect(html).toMatch(/name="name"[^>]*value="J"|value="J"[^>]*name="name"/);
    expect(html).toMatch(/value="Pine"/);
    // Kept as text, never as markup.
    expect(html).toContain('Deck &amp; &lt;b&gt;stairs&lt;/b&gt;</textarea>');
    expect(html).toContain('aria-invalid="true"');
    expect(await storedRows()).toBe(before);
  });

  it('refuses a file that is not a photo beside the photo field, keeping the rest', async () => {
    const before = await storedRows();
    const form = new FormData();
    for (const [name, value] of Object.entries(validQuote)) form.append(name, value);
    form.append('photo', new Blob(['%PDF-1.7 not a photo'], { type: 'application/pdf' }), 'estimate.pdf');
    const response = await postForm(form);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(photoMessages.type);
    expect(html).toContain(`value="${validQuote.name}"`);
    expect(await storedRows()).toBe(before);
  });

  it('refuses a NUL beside its field, keeping the text without it and the photo, and stores it sent again', async () => {
    const email = 'nul-with-photo@example.com';
    const { png } = await realPhotos();
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...validQuote, email, message: 'Deck\u0000 and stairs' }))
      form.append(name, value);
    form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'deck.png');
    const refused = await postForm(form);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain(bodyMessages.nulInForm);
    expect(html).toContain('Deck and stairs</textarea>');
    const photoUrl = new RegExp(`name="${plainPhotoFields.url}"[^>]*value="([^"]+)"`).exec(html)?.[1];
    expect(photoUrl).toMatch(/\/api\/objects\//);
    expect(await rowsFor(email)).toEqual([]);

    // A NUL in the hidden lead-source field: the whole form is told.
    const hidden = await postFields({ ...validQuote, email, leadSource: '{"first":"\u0000"}' });
    expect(hidden.status).toBe(400);
    expect(await hidden.text()).toContain(bodyMessages.nulInForm);

    const again = await postFields({
      ...validQuote,
      email,
      message: 'Deck and stairs',
      [plainPhotoFields.url]: photoUrl!,
    });
    expect(again.status).toBe(200);
    expect(await rowsFor(email)).toMatchObject([{ message: 'Deck and stairs', photoUrl }]);
  });

  it('screens a post whose hidden field is filled as spam: stored, nothing sent', async () => {
    const email = 'bot@example.com';
    expect((await postFields({ ...validQuote, email, website: 'https://spam.example' })).status).toBe(200);
    const [row] = await rowsFor(email);
    const [state] = await database.db
      .select()
      .from(quoteRequestStates)
      .where(eq(quoteRequestStates.quoteRequestId, row!.id));
    expect(state?.status).toBe('spam');
    expect(await database.db.select().from(deliveries).where(eq(deliveries.quoteRequestId, row!.id))).toEqual([]);
  });

  it('refuses other content types and oversized fields with a page saying so', async () => {
    const json = await postForm(JSON.stringify(validQuote), 'application/json');
    expect(json.status).toBe(415);
    expect(await json.text()).toContain('could not be read');
    const huge = await postFields({ ...validQuote, message: 'x'.repeat(40 * 1024) });
    expect(huge.status).toBe(413);
    expect(await huge.text()).toContain('too large');
  });
});

describe.each(testDatabases)('POST /contact and the rate limit on $kind', (testDb) => {
  const app = serveTestApp(testDb, {
    label: 'form-post-limit',
    apps: [{ rateLimitPerMinute: 2, renderQuotePage }],
  });
  const { database } = app;

  it('shares the JSON API allowance, and answers 429 with the form and its values kept', async () => {
    const json = await fetch(`${app.base}/api/quote-requests`, {
      method: 'POST',
      body: JSON.stringify({ ...validQuote, email: 'first@example.com' }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(json.status).toBe(201);
    const post = (email: string) =>
      fetch(`${app.base}/contact`, {
        method: 'POST',
        body: urlEncoded({ ...validQuote, email }),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
    expect((await post('second@example.com')).status).toBe(200);
    const limited = await post('third@example.com');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    const html = await limited.text();
    expect(html).toContain(rateLimitMessage);
    expect(html).toContain('value="third@example.com"');
    const rows = await database.db.select().from(quoteRequests).where(eq(quoteRequests.email, 'third@example.com'));
    expect(rows).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { arizonaDay } from '@shared/arizona-time';
import { isTouchTime, leadSourceHeader } from '@shared/lead-source';
import type { RequestDetail } from '@shared/schemas/owner-inbox';
import { spamSignals } from '@shared/schemas/spam-signals';
import { appRoutes } from './http/app-routes';
import { bodyMessages } from './http/request-body';
import { setOwnerPassword } from './services/owner/owner-sessions';
import { serveTestApp } from './test/app-fixture';
import { testDatabases } from './test/databases';
import { asBody, quickPasswordHash, setupTimeout, validQuote } from './test/http';

/**
 * Everything a stranger can send to the public endpoints, generated (fast-check): random text,
 * numbers at the edges of their type, NUL and other control characters, lone surrogates, wrong
 * types, huge values, in every field of the quote (JSON and the plain form), the lead-source
 * header, the upload and the tap beacon. No answer may be a 500, and whatever is stored must be
 * something the owner's pages can show: its request page, the list, a search for it and the CSV.
 * A failure prints the smallest input that shows it (fast-check shrinks it), and its seed.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const invisibleControls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
const runs = Number(process.env.FUZZ_RUNS ?? 60);
const password = 'fuzzing the payson pines';
const browser =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

const edgeNumbers = fc.constantFrom(
  0,
  -0,
  -1,
  1.5,
  2 ** 31,
  2 ** 53,
  -(2 ** 53),
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  8_640_000_000_000_001,
  Date.now(),
);
const hostileCharacters = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u202e',
  '\u2028',
  '\ud800',
  '\udfff',
  '\ufeff',
  '<',
  '>',
  '"',
  "'",
  '=',
  '%',
  '\\',
  '\n',
  '\r',
  '\t',
  'é',
  '😀',
);
const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: hostileCharacters, maxLength: 30 }),
  fc.constantFrom('=cmd|calc', '<script>alert(1)</script>', '../../etc/passwd', 'null', '   ', ''),
  fc.nat({ max: 20_000 }).map((n) => 'x'.repeat(n)),
);
const anyValue = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  edgeNumbers,
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);
/** A field that is mostly right (so requests get stored), sometimes anything at all. */
const field = (valid: string) =>
  fc.oneof({ weight: 2, arbitrary: fc.constant(valid) }, { weight: 3, arbitrary: anyValue });
/** A complete quote with a few of its fields (or fields it does not have) replaced by anything. */
const quoteFields = fc
  .dictionary(
    fc.constantFrom(...Object.keys(validQuote), 'photoUrl', spamSignals.fillTimeField, spamSignals.honeypotField, 'id'),
    fc.oneof({ weight: 3, arbitrary: hostileText }, { weight: 2, arbitrary: anyValue }, fc.constant(undefined)),
    { maxKeys: 3 },
  )
  .map((overrides) => ({ ...validQuote, email: `fuzz-${randomUUID()}@example.com`, ...overrides }));
const touch = fc.record(
  {
    at: fc.oneof(edgeNumbers, anyValue),
    landingPage: fc.oneof(fc.constant('/services/decks'), hostileText),
    referrer: fc.oneof(fc.constant('www.google.com'), hostileText),
    utm_source: hostileText,
    utm_campaign: hostileText,
    gclid: hostileText,
  },
  { requiredKeys: [] },
);
const leadSource = fc.oneof(
  fc.record({ first: touch, last: fc.option(touch, { nil: undefined }) }, { requiredKeys: ['first'] }),
  fc.jsonValue({ maxDepth: 2 }),
);
/** The header as a browser can send it (ASCII): URI-encoded JSON, or whatever else. */
const leadSourceHeaderValue = fc.oneof(
  leadSource.map((value) => encodeURIComponent(JSON.stringify(value) ?? '')),
  fc.string({ unit: fc.constantFrom(...'%{}[]":,az09-_.!~*'), maxLength: 60 }),
);

describe.each(testDatabases)('public endpoints under fuzzing on $kind', (testDb) => {
  const app = serveTestApp(testDb, { label: 'fuzz', apps: [{}] });
  const { database } = app;
  let base: string;
  let cookie: string;

  beforeAll(async () => {
    base = app.base;
    await setOwnerPassword(database.transaction, password, quickPasswordHash);
    const signIn = await fetch(`${base}/api/owner/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base },
      body: JSON.stringify({ password }),
    });
    cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
  }, setupTimeout);

  const owner = (path: string) => fetch(`${base}/api/owner${path}`, { headers: { Cookie: cookie } });

  /** The owner's pages for a stored request all answer, with nothing in it they cannot show. */
  async function expectShowable(id: string) {
    const opened = await owner(`/requests/${id}`);
    expect(opened.status).toBe(200);
    const detail = (await opened.json()) as RequestDetail;
    for (const [key, value] of Object.entries(detail)) {
      if (typeof value === 'string') expect(value, key).not.toMatch(invisibleControls);
    }
    expect(Number.isFinite(Date.parse(detail.createdAt))).toBe(true);
    for (const arrival of [detail.leadSource?.touches.first, detail.leadSource?.touches.last]) {
      if (arrival) expect(isTouchTime(arrival.at)).toBe(true);
    }
    if (detail.leadSource) expect(detail.leadSource.source.length).toBeLessThanOrEqual(63);
    const search = await owner(`/requests?status=all&q=${encodeURIComponent(detail.name.slice(0, 50))}`);
    expect(search.status).toBe(200);
    expect(((await search.json()) as { items: { id: string }[] }).items.map((item) => item.id)).toContain(id);
    expect((await owner(`/requests/export.csv?status=all&q=${encodeURIComponent(detail.email)}`)).status).toBe(200);
  }

  it(
    'answers every JSON quote request, with any lead-source header, without a 500',
    async () => {
      const statuses = new Set<number>();
      // Keys that stored a request: fast-check's uuids repeat (it favours small values), and a key
      // sent again with other content is refused with 422, as it should be (quote-service.ts).
      const storedKeys = new Set<string>();
      await fc.assert(
        fc.asyncProperty(
          fc.oneof({ weight: 5, arbitrary: quoteFields }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) }),
          fc.option(leadSourceHeaderValue, { nil: undefined }),
          fc.option(
            fc.oneof(
              fc.uuid(),
              hostileText.filter((text) => /^[\x20-\x7e]*$/.test(text)),
            ),
            { nil: undefined },
          ),
          async (body, header, idempotencyKey) => {
            const response = await fetch(`${base}/api/quote-requests`, {
              method: 'POST',
              headers: {
                'Content-Type': 'application/json',
                ...(header !== undefined ? { [leadSourceHeader]: header } : {}),
                ...(idempotencyKey !== undefined ? { 'Idempotency-Key': idempotencyKey } : {}),
              },
              body: JSON.stringify(body),
            });
            // 431: a header over Node's 16 KB, refused before the app sees it.
            const reused = idempotencyKey !== undefined && storedKeys.has(idempotencyKey);
            expect([201, 400, 413, 431, ...(reused ? [422] : [])]).toContain(response.status);
            statuses.add(response.status);
            if (response.status === 431) return;
            const answer = (await response.json()) as { id?: string; error?: string };
            if (response.status === 201 && idempotencyKey !== undefined) storedKeys.add(idempotencyKey);
            if (response.status === 201) await expectShowable(answer.id!);
            else expect(typeof answer.error).toBe('string');
          },
        ),
        { numRuns: runs * 2 },
      );
      // The generated requests reached both sides: some stored, some refused.
      expect([...statuses]).toEqual(expect.arrayContaining([201, 400]));
    },
    setupTimeout * 3,
  );

  it(
    'answers every plain form post without a 500',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(
            fc.constantFrom(...Object.keys(validQuote), 'leadSource', spamSignals.honeypotField, 'fillMs', 'x'),
            fc.oneof(
              hostileText,
              leadSource.map((value) => JSON.stringify(value) ?? ''),
            ),
          ),
          async (overrides) => {
            const email = `plain-${randomUUID()}@example.com`;
            const response = await fetch(`${base}/contact`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
              body: new URLSearchParams({ ...validQuote, email, ...overrides }).toString(),
              redirect: 'manual',
            });
            expect(response.status).toBeLessThan(500);
            await response.arrayBuffer();
          },
        ),
        { numRuns: runs },
      );
    },
    setupTimeout * 2,
  );

  it(
    'answers every upload, of any bytes and type, and a quote naming it, without a 500',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.uint8Array({ maxLength: 4096 }),
          fc.oneof(
            fc.constantFrom('image/jpeg', 'image/png', 'image/heic', 'image/svg+xml', 'text/html', ''),
            fc.string({ unit: fc.constantFrom(...'abc/+;=-. '), maxLength: 30 }),
          ),
          async (bytes, contentType) => {
            const ticket = await fetch(`${base}/api/objects/upload`, { method: 'POST' });
            expect(ticket.status).toBe(200);
            const { uploadURL } = (await ticket.json()) as { uploadURL: string };
            const put = await fetch(uploadURL, {
              method: 'PUT',
              body: asBody(bytes),
              headers: contentType ? { 'Content-Type': contentType } : {},
            });
            expect(put.status).toBeLessThan(500);
            await put.arrayBuffer();
            const quote = await fetch(`${base}/api/quote-requests`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ ...validQuote, photoUrl: uploadURL.split('?')[0] }),
            });
            expect([201, 400]).toContain(quote.status);
            if (quote.status === 201) await expectShowable(((await quote.json()) as { id: string }).id);
          },
        ),
        { numRuns: runs },
      );
    },
    setupTimeout * 2,
  );

  it(
    'answers every tap beacon without a 500, and counts only what the results page can show',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            hostileText,
            fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value) ?? ''),
            fc
              .record(
                { kind: field('call'), page: field('/services/decks'), source: fc.oneof(touch, anyValue) },
                { requiredKeys: [] },
              )
              .map((value) => JSON.stringify(value)),
          ),
          fc.ipV4(),
          async (body, visitor) => {
            const response = await fetch(`${base}/api/contact-taps`, {
              method: 'POST',
              headers: {
                'Content-Type': 'text/plain;charset=UTF-8',
                Origin: base,
                'User-Agent': browser,
                'X-Forwarded-For': visitor,
              },
              body,
            });
            expect([204, 400, 413]).toContain(response.status);
            await response.arrayBuffer();
          },
        ),
        { numRuns: runs * 2 },
      );
      const results = await owner('/results?period=this-month');
      expect(results.status).toBe(200);
      const { bySource } = (await results.json()) as { bySource: { key: string }[] };
      for (const row of bySource) expect(row.key).toMatch(/^[\w .+-]{1,63}$|^Not recorded$/);
    },
    setupTimeout * 2,
  );

  it(
    'answers every page-view beacon without a 500, and reports only sources and pages that read as such',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            hostileText,
            fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value) ?? ''),
            fc
              .record(
                { path: field('/services/decks'), referrer: field('www.google.com'), utm_source: field('facebook') },
                { requiredKeys: [] },
              )
              .map((value) => JSON.stringify(value)),
          ),
          fc.ipV4(),
          async (body, visitor) => {
            const response = await fetch(`${base}/api/views`, {
              method: 'POST',
              headers: {
                'Content-Type': 'text/plain;charset=UTF-8',
                Origin: base,
                'User-Agent': browser,
                'X-Forwarded-For': visitor,
              },
              body,
            });
            expect([204, 400, 413, 429]).toContain(response.status);
            expect(response.headers.get('set-cookie')).toBeNull();
            await response.arrayBuffer();
          },
        ),
        { numRuns: runs },
      );
      const today = arizonaDay(new Date());
      const visitors = await owner(`/visitors?from=${today}&to=${today}`);
      expect(visitors.status).toBe(200);
      const { sources, pages } = (await visitors.json()) as {
        sources: { source: string }[];
        pages: { path: string }[];
      };
      for (const row of sources) expect(row.source).toMatch(/^[\w .+-]{1,63}$|^Not recorded$/);
      for (const page of pages) expect(page.path).toMatch(/^\/[^<>?#\p{Cc}]*$/u);
    },
    setupTimeout * 2,
  );

  it(
    'refuses a NUL anywhere in the body of every route that takes one, the owner’s signed in, with 400',
    async () => {
      // Read from the app's router: a new route with a body reader is in this list by itself.
      const routes = appRoutes(app.servers[0]!.app).filter((route) => route.body.length > 0);
      expect(routes.map((route) => route.path)).toEqual(
        expect.arrayContaining(['/api/quote-requests', '/contact', '/estimate/:token/approve', '/api/owner/settings']),
      );
      const nulBody = fc
        .tuple(
          fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 20 }), { maxKeys: 4 }),
          fc.string({ maxLength: 8 }),
          fc.string({ maxLength: 20 }),
          fc.boolean(),
        )
        .map(([fields, name, value, inName]) => ({
          ...fields,
          [inName ? `${name}\u0000` : name || 'field']: inName ? value : `${value}\u0000${value}`,
        }));
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...routes), nulBody, fc.boolean(), async (route, fields, asForm) => {
          const form = route.body.includes('form') && (asForm || !route.body.includes('json'));
          const response = await fetch(`${base}${route.path.replace(/:\w+/g, 'x')}`, {
            method: route.methods.find((method) => method !== 'GET') ?? 'POST',
            headers: {
              Cookie: cookie,
              Origin: base,
              'Content-Type': form ? 'application/x-www-form-urlencoded' : 'application/json',
            },
            body: form ? new URLSearchParams(fields).toString() : JSON.stringify(fields),
            redirect: 'manual',
          });
          // A form's page for a link that does not work (the token here is made up) says that first.
          const unknownLink = form && route.path.includes(':token') && response.status === 404;
          expect(unknownLink || response.status === 400, `${route.path}: ${response.status}`).toBe(true);
          if (form) expect(await response.text(), route.path).toMatch(unknownLink ? /link/ : /invisible character/);
          else expect(((await response.json()) as { error: string }).error, route.path).toBe(bodyMessages.nul);
        }),
        { numRuns: runs * 2 },
      );
    },
    setupTimeout * 2,
  );
});

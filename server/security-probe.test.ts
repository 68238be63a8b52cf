import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliveries, pushSubscriptions, quoteRequestSources, quoteRequests } from './db/schema';
import { setOwnerPassword } from './services/owner/owner-sessions';
import { passwordResetLimits } from './services/owner/password-reset';
import { signInLimits, signInMessages } from './services/owner/sign-in';
import { ownerContactEmail } from './services/settings/site-settings';
import { ownBusinessDetails } from './test/business-details';
import { serveTestApp } from './test/app-fixture';
import { testDatabases } from './test/databases';
import { quickPasswordHash, setupTimeout, validQuote } from './test/http';

/**
 * What a security probe of the production build found, as a stranger would try it from outside
 * (the trailing-slash redirect is in http/static-site.test.ts, push endpoints in
 * routes/owner-push.test.ts, call and text taps in routes/lead-sources.test.ts).
 */
const password = 'mogollon rim at dusk';
const json = { 'Content-Type': 'application/json' };

async function signIn(base: string, tried: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/api/owner/session`, {
    method: 'POST',
    headers: { ...json, Origin: base, ...headers },
    body: JSON.stringify({ password: tried }),
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
  return {
    status: response.status,
    error: response.ok ? undefined : ((await response.json()) as { error: string }).error,
    session: cookies.find((cookie) => cookie.startsWith('rcc_owner=')),
    device: cookies.find((cookie) => cookie.startsWith('rcc_device=')),
  };
}

const invented = () =>
  `${10 + (randomBytes(1)[0]! % 200)}.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

describe.each(testDatabases)('sign-in guesses on $kind', (testDb) => {
  const app = serveTestApp(testDb, {
    label: 'probe-sign-in',
    apps: [
      // Behind a proxy with TRUST_PROXY=true: X-Forwarded-For says whatever the stranger wants.
      { trustProxy: true },
      // Behind a proxy with TRUST_PROXY unset: every visitor has the proxy's address.
      {},
    ],
  });
  const { database } = app;
  const [trusting, unaware] = [app.servers[0]!, app.servers[1]!];
  let ownersPhone: string;

  beforeAll(async () => {
    await setOwnerPassword(database.transaction, password, quickPasswordHash);
    // The owner signed in on his phone last month: it keeps a device cookie.
    const signedIn = await signIn(unaware.base, password);
    expect(signedIn.status).toBe(200);
    ownersPhone = signedIn.device!;
    expect(ownersPhone).toMatch(/^rcc_device=[\w-]+\.[\w-]+$/);
  }, setupTimeout);

  it('checks at most 10 passwords in 15 minutes from invented addresses, even sent all at once', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        signIn(trusting.base, `guess number ${i}`, { 'X-Forwarded-For': invented() }),
      ),
    );
    const checked = guesses.filter((guess) => guess.status === 401);
    expect(checked).toHaveLength(signInLimits.everywhere);
    expect(checked.every((guess) => guess.error === signInMessages.wrongPassword)).toBe(true);
    const refused = guesses.filter((guess) => guess.status === 429);
    expect(refused).toHaveLength(40 - signInLimits.everywhere);
    expect(refused[0]!.error).toMatch(/^Too many wrong passwords from several places\. .*signed in here before\.$/);
    // Even the right password is not checked from a new device now.
    const newDevice = await signIn(trusting.base, password, { 'X-Forwarded-For': invented() });
    expect(newDevice).toMatchObject({ status: 429, session: undefined });
  });

  it('does not lock the owner out of a device that signed in before, whatever strangers try', async () => {
    // Strangers share the proxy's address with the owner; they have also used up the limit for all.
    for (let i = 0; i < signInLimits.perAddress; i++) await signIn(unaware.base, `stranger ${i}`);
    expect((await signIn(unaware.base, password)).status).toBe(429);
    const phone = await signIn(unaware.base, password, { Cookie: ownersPhone });
    expect(phone.status).toBe(200);
    expect(phone.session).toMatch(/^rcc_owner=/);
  });

  it('still limits guesses from a device cookie, and forgets every device when the password changes', async () => {
    // A stolen phone's cookie does not buy unlimited guesses.
    const stolen = [];
    for (let i = 0; i < signInLimits.perDevice + 2; i++) {
      stolen.push(
        (await signIn(trusting.base, `thief ${i}`, { Cookie: ownersPhone, 'X-Forwarded-For': invented() })).status,
      );
    }
    expect(stolen.filter((status) => status === 401)).toHaveLength(signInLimits.perDevice);
    expect(stolen.slice(-2)).toEqual([429, 429]);
    // A forged cookie is no device.
    const [id] = ownersPhone.split('=')[1]!.split('.');
    const forged = await signIn(unaware.base, password, { Cookie: `rcc_device=${id}.${'A'.repeat(43)}` });
    expect(forged.status).toBe(429);
    // After a new password, the old cookie is just another stranger's.
    await setOwnerPassword(database.transaction, 'a new password for the rim', quickPasswordHash);
    expect((await signIn(unaware.base, 'a new password for the rim', { Cookie: ownersPhone })).status).toBe(429);
  });
});

describe.each(testDatabases)('what a stranger sends, and the owner’s devices, on $kind', (testDb) => {
  const app = serveTestApp(testDb, { label: 'probe', apps: [{ deliveryKinds: ['owner_push'] }] });
  const { database } = app;
  const site = app.servers[0]!;
  let owner: string;

  beforeAll(async () => {
    await setOwnerPassword(database.transaction, password, quickPasswordHash);
    owner = (await signIn(site.base, password)).session!;
  }, setupTimeout);

  const ownerCall = (path: string, init: RequestInit = {}, cookie = owner) =>
    fetch(`${site.base}/api/owner${path}`, {
      ...init,
      headers: { Cookie: cookie, Origin: site.base, ...(init.body ? json : {}), ...(init.headers as object) },
    });

  it('stores a request whose lead source carries a time no date can hold, and the owner can open it', async () => {
    const crafted = { first: { at: 8_640_000_000_000_001, utm_source: 'x' } };
    const email = 'crafted-source@example.com';
    const sent = await fetch(`${site.base}/api/quote-requests`, {
      method: 'POST',
      headers: { ...json, 'X-Lead-Source': encodeURIComponent(JSON.stringify(crafted)) },
      body: JSON.stringify({ ...validQuote, email }),
    });
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: string };
    const opened = await ownerCall(`/requests/${id}`);
    expect(opened.status).toBe(200);
    expect(await opened.json()).toMatchObject({ id, email, leadSource: null });

    // The plain form's hidden field, the same.
    const plainEmail = 'crafted-field@example.com';
    const posted = await fetch(`${site.base}/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...validQuote, email: plainEmail, leadSource: JSON.stringify(crafted) }).toString(),
      redirect: 'manual',
    });
    expect(posted.status).toBeLessThan(400);
    const [request] = await database.db.select().from(quoteRequests).where(eq(quoteRequests.email, plainEmail));
    expect(request).toBeDefined();
    const sources = await database.db
      .select()
      .from(quoteRequestSources)
      .where(eq(quoteRequestSources.quoteRequestId, request!.id));
    for (const source of sources) expect(Number.isFinite(new Date(source.touches.first.at).getTime())).toBe(true);
    expect((await ownerCall(`/requests/${request!.id}`)).status).toBe(200);
  });

  it('answers a search with a NUL byte or other control characters', async () => {
    for (const query of ['q=%00', 'source=%00', 'q=%00%01%1b%7f&source=Direct%00', 'q=a&q=%00']) {
      const list = await ownerCall(`/requests?${query}`);
      expect(list.status, query).toBe(200);
      expect((await list.json()) as object).toHaveProperty('items');
      expect((await ownerCall(`/requests/export.csv?${query}`)).status, query).toBe(200);
    }
  });

  it('signs out everywhere: every session ends and no device hears of the next lead', async () => {
    const laptop = (await signIn(site.base, password)).session!;
    const subscribed = await ownerCall('/push/subscriptions', {
      method: 'POST',
      body: JSON.stringify({
        endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`,
        keys: {
          p256dh: Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
      }),
    });
    expect(subscribed.status).toBe(201);

    const crossSite = await ownerCall('/sessions', { method: 'DELETE', headers: { Origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    const everywhere = await ownerCall('/sessions', { method: 'DELETE' }, laptop);
    expect(everywhere.status).toBe(200);
    expect(await everywhere.json()).toEqual({ sessionsEnded: 2, devicesRemoved: 1 });
    expect(everywhere.headers.get('set-cookie')).toMatch(/^rcc_owner=;/);
    for (const cookie of [owner, laptop]) expect((await ownerCall('/requests', {}, cookie)).status).toBe(401);
    expect(await database.db.select().from(pushSubscriptions)).toEqual([]);

    const lead = await fetch(`${site.base}/api/quote-requests`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ ...validQuote, email: 'after-sign-out@example.com' }),
    });
    const { id } = (await lead.json()) as { id: string };
    const pushes = await database.db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.quoteRequestId, id), eq(deliveries.kind, 'owner_push')));
    expect(pushes).toEqual([]);
    owner = (await signIn(site.base, password)).session!;
  });
});

describe.each(testDatabases)('a stolen session, and strangers tapping Forgot the password?, on $kind', (testDb) => {
  const mailTo = 'dale@rimcountry.com';
  const app = serveTestApp(testDb, {
    label: 'probe-session',
    // Behind a proxy with TRUST_PROXY=true, the worst case: every address can be invented.
    apps: [{ trustProxy: true, passwordReset: { mail: { ready: true, address: () => Promise.resolve(mailTo) } } }],
  });
  const { database } = app;
  const site = app.servers[0]!;

  beforeAll(async () => {
    await setOwnerPassword(database.transaction, password, quickPasswordHash);
  }, setupTimeout);

  it('counts the password a session asks for as sign-in guesses, and ends the session once they are spent', async () => {
    const thief = { 'X-Forwarded-For': '203.0.113.7' };
    const stolen = (await signIn(site.base, password, thief)).session!;
    const changeEmail = (tried: string) =>
      fetch(`${site.base}/api/owner/settings`, {
        method: 'PUT',
        headers: { ...json, ...thief, Origin: site.base, Cookie: stolen },
        body: JSON.stringify({ ...ownBusinessDetails, email: 'thief@example.com', currentPassword: tried }),
      });
    for (let i = 0; i < signInLimits.perAddress; i++) {
      const wrong = await changeEmail(`guess number ${i}`);
      expect(wrong.status).toBe(403);
    }
    const spent = await changeEmail('one guess too many');
    expect(spent.status).toBe(429);
    expect(Number(spent.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await spent.json()) as { error: string }).error).toMatch(/^Too many wrong passwords\./);
    // The session is over: even the right password gets no further with it.
    expect((await changeEmail(password)).status).toBe(401);
    expect((await fetch(`${site.base}/api/owner/requests`, { headers: { Cookie: stolen } })).status).toBe(401);
    expect(await ownerContactEmail(database.db)).not.toBe('thief@example.com');
    // And the same guesses count at the sign-in page.
    expect((await signIn(site.base, password, thief)).status).toBe(429);
  });

  it('keeps a device the owner signed in on an allowance of reset links strangers cannot spend', async () => {
    const phone = (await signIn(site.base, password, { 'X-Forwarded-For': '198.51.100.20' })).device!;
    const tap = (headers: Record<string, string>) =>
      fetch(`${site.base}/api/owner/password-reset`, { method: 'POST', headers: { Origin: site.base, ...headers } });
    for (let i = 0; i < passwordResetLimits.perDay; i++)
      expect((await tap({ 'X-Forwarded-For': invented() })).status).toBe(202);
    // The strangers' day is spent, from any address, with or without a cookie the site never gave.
    expect((await tap({ 'X-Forwarded-For': invented() })).status).toBe(429);
    const [id] = phone.split('=')[1]!.split('.');
    expect((await tap({ 'X-Forwarded-For': invented(), Cookie: `rcc_device=${id}.${'A'.repeat(43)}` })).status).toBe(
      429,
    );
    // His phone still gets its link, wherever it connects from, and is told where it went.
    const own = await tap({ 'X-Forwarded-For': invented(), Cookie: phone });
    expect(own.status).toBe(202);
    expect(await own.json()).toEqual({ sent: true, to: 'd•••@rimcountry.com' });
  });
});

import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownerSessions, quoteRequestNotes, quoteRequestStates } from '../db/schema';
import { setOwnerPassword } from '../services/owner/owner-sessions';
import { signInMessages } from '../services/owner/sign-in';
import { serveTestApp } from '../test/app-fixture';
import { testDatabases } from '../test/databases';
import { quickPasswordHash, setupTimeout } from '../test/http';
import { crossSiteMessage, sessionCookieName } from './owner';
import { jsonHeaders, password, serveOwnerInbox } from '../test/owner-inbox-site';

// The owner inbox API's door: nothing without a session; signing in with the password (its cookie,
// wrong passwords, the log, the lockout, CSRF); sessions shared by instances, signed out, idle and
// ended by a new password; and the cookie and robots' header in production. Working the requests
// is tested in owner-requests.test.ts.

describe.each(testDatabases)('the owner inbox API on $kind', (testDb) => {
  const { database, first, second, logLines, freshIp, signIn, session, call, submitQuote } = serveOwnerInbox(testDb);

  it('answers every owner route with 401 JSON and no data without a session', async () => {
    const id = await submitQuote({ name: 'Private Person', email: 'private@example.com' });
    const routes: [string, string, unknown?][] = [
      ['GET', '/session'],
      ['DELETE', '/session'],
      ['GET', '/requests'],
      ['GET', '/requests?status=all&q=Private'],
      ['GET', '/requests/export.csv?status=all'],
      ['GET', `/requests/${id}`],
      ['GET', `/requests/${id}/photo`],
      ['PATCH', `/requests/${id}`, { status: 'won' }],
      ['POST', `/requests/${id}/notes`, { body: 'a note' }],
      ['GET', '/no-such-route'],
      ['POST', '/anything-else', {}],
    ];
    for (const cookie of [undefined, `${sessionCookieName(false)}=made-up-token`, `${sessionCookieName(true)}=x`]) {
      for (const [method, path, body] of routes) {
        const response = await call(first.base, path, cookie, {
          method,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const label = `${method} ${path} with ${cookie ?? 'no cookie'}`;
        expect(response.status, label).toBe(401);
        expect(response.headers.get('content-type'), label).toMatch(/^application\/json/);
        expect(response.headers.get('x-robots-tag'), label).toMatch(/noindex/);
        expect(response.headers.get('cache-control'), label).toBe('no-store');
        const text = await response.text();
        expect(JSON.parse(text), label).toEqual({ error: 'Please sign in.' });
        expect(text).not.toContain('Private');
      }
    }
    const [state] = await database.db
      .select()
      .from(quoteRequestStates)
      .where(eq(quoteRequestStates.quoteRequestId, id));
    expect(state?.status).toBe('new');
    expect(await database.db.select().from(quoteRequestNotes).where(eq(quoteRequestNotes.quoteRequestId, id))).toEqual(
      [],
    );
  });

  it('signs in with the password into an HttpOnly, SameSite=Strict session cookie of 30 days', async () => {
    const before = Date.now();
    const response = await signIn(first.base, password);
    const after = Date.now();
    expect(response.status).toBe(200);
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^rcc_owner=[\w-]{43};/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\//);
    // Not Secure here: this app runs without secureHeaders (development over plain HTTP).
    expect(cookie).not.toMatch(/; Secure/);
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)![1]!);
    // 30 days from the moment it signed in (Expires is in whole seconds).
    expect(expires).toBeGreaterThanOrEqual(before - 1_000 + 30 * 24 * 3600_000);
    expect(expires).toBeLessThanOrEqual(after + 30 * 24 * 3600_000);
    // Only the token's hash is stored.
    const token = cookie.split(';')[0]!.split('=')[1]!;
    const rows = await database.db.select().from(ownerSessions);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect((await call(first.base, '/session', cookie.split(';')[0])).status).toBe(200);
  });

  it('refuses a wrong password with a clear message and no cookie', async () => {
    const response = await signIn(first.base, 'juniper ridge 2025');
    expect(response.status).toBe(401);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await response.json()).toEqual({ error: signInMessages.wrongPassword });
  });

  it('logs every sign-in attempt with its outcome, never the password', async () => {
    logLines.length = 0;
    const ip = freshIp();
    await signIn(first.base, 'a guessed password', ip);
    await signIn(first.base, password, ip);
    const attempts = logLines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'owner sign-in attempt');
    expect(attempts.map((line) => [line.ip, line.outcome])).toEqual([
      [ip, 'wrong-password'],
      [ip, 'signed-in'],
    ]);
    const everything = logLines.join('\n');
    expect(everything).not.toContain('a guessed password');
    expect(everything).not.toContain(password);
  });

  it('locks an IP out after 5 wrong passwords in 15 minutes, counted in the database for every instance', async () => {
    const ip = freshIp();
    // Wrong tries spread over both instances count together.
    for (const base of [first.base, second.base, first.base, second.base, first.base]) {
      expect((await signIn(base, 'not the password', ip)).status).toBe(401);
    }
    for (const base of [first.base, second.base]) {
      // Even the right password is refused now, with a message that says what happened.
      const locked = await signIn(base, password, ip);
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
      const { error } = (await locked.json()) as { error: string };
      expect(error).toMatch(/^Too many wrong passwords\. .*try again in 15 minutes\.$/);
      expect(locked.headers.get('set-cookie')).toBeNull();
    }
    const [counted] = await database.db
      .execute<{ points: number }>(sql`select points from rate_limits where key = ${`owner-sign-in:${ip}`}`)
      .then((result) => (result as unknown as { rows: { points: number }[] }).rows);
    // Every guess is counted before it is checked: the five wrong ones and the two refused.
    expect(counted?.points).toBe(7);
    // Another address is not affected.
    expect((await signIn(first.base, password, freshIp())).status).toBe(200);
  });

  it('forgets the wrong tries of an address once it signs in', async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i++) expect((await signIn(first.base, 'nope nope nope', ip)).status).toBe(401);
    expect((await signIn(first.base, password, ip)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn(first.base, 'nope nope nope', ip)).status).toBe(401);
    expect((await signIn(first.base, password, ip)).status).toBe(200);
  });

  it('refuses sign-in and changes from another origin (CSRF), on top of SameSite=Strict', async () => {
    for (const headers of [
      {},
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      { Origin: first.base, 'Sec-Fetch-Site': 'cross-site' },
      { Origin: first.base, 'Sec-Fetch-Site': 'same-site' },
    ] as Record<string, string>[]) {
      const response = await signIn(first.base, password, freshIp(), headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.json()).toEqual({ error: crossSiteMessage });
      expect(response.headers.get('set-cookie')).toBeNull();
    }

    const cookie = await session();
    const id = await submitQuote();
    const forged = { Origin: 'https://evil.example' };
    const changes: [string, string, unknown?][] = [
      ['PATCH', `/requests/${id}`, { status: 'lost' }],
      ['POST', `/requests/${id}/notes`, { body: 'planted note' }],
      ['DELETE', '/session'],
    ];
    for (const [method, path, body] of changes) {
      for (const headers of [forged, { Origin: '' }, { Origin: first.base, 'Sec-Fetch-Site': 'cross-site' }]) {
        const response = await call(first.base, path, cookie, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        expect(response.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    const detail = (await (await call(first.base, `/requests/${id}`, cookie)).json()) as {
      status: string;
      notes: unknown[];
    };
    expect(detail.status).toBe('new');
    expect(detail.notes).toEqual([]);
    // Still signed in: the forged sign-out did nothing.
    expect((await call(first.base, '/session', cookie)).status).toBe(200);
  });

  it('shares sessions between instances; Sign out ends the session everywhere', async () => {
    const cookie = await session(first.base);
    expect((await call(second.base, '/requests', cookie)).status).toBe(200);
    const out = await call(second.base, '/session', cookie, { method: 'DELETE' });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^rcc_owner=;.*Expires=Thu, 01 Jan 1970/);
    expect((await call(first.base, '/requests', cookie)).status).toBe(401);
    expect((await call(second.base, '/requests', cookie)).status).toBe(401);
  });

  it('ends a session after 30 idle days, and keeps a used one alive', async () => {
    const idle = await session();
    const used = await session();
    const tokenHashes = await database.db.select().from(ownerSessions);
    expect(tokenHashes.length).toBeGreaterThanOrEqual(2);
    // Age both sessions: last used 29 days ago and 31 days ago (as if the clock moved on).
    const day = 24 * 3600_000;
    const age = async (cookie: string, daysAgo: number) => {
      const { createHash } = await import('node:crypto');
      const hash = createHash('sha256').update(cookie.split('=')[1]!).digest('base64url');
      const lastSeenAt = new Date(Date.now() - daysAgo * day);
      await database.db
        .update(ownerSessions)
        .set({ lastSeenAt, expiresAt: new Date(lastSeenAt.getTime() + 30 * day) })
        .where(eq(ownerSessions.tokenHash, hash));
      return hash;
    };
    await age(idle, 31);
    const usedHash = await age(used, 29);
    expect((await call(first.base, '/requests', idle)).status).toBe(401);
    const usedFrom = Date.now();
    const stillIn = await call(first.base, '/requests', used);
    const usedUntil = Date.now();
    expect(stillIn.status).toBe(200);
    // Using it moved its expiry 30 days ahead again, and renewed the cookie to match.
    expect(stillIn.headers.get('set-cookie')).toMatch(/^rcc_owner=[\w-]{43};.*HttpOnly/);
    const [row] = await database.db.select().from(ownerSessions).where(eq(ownerSessions.tokenHash, usedHash));
    expect(row!.expiresAt.getTime()).toBeGreaterThanOrEqual(usedFrom + 30 * day);
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(usedUntil + 30 * day);
  });

  it('signs everyone out when the password is set again', async () => {
    const cookie = await session();
    const { sessionsEnded } = await setOwnerPassword(database.transaction, 'a brand new passphrase', quickPasswordHash);
    expect(sessionsEnded).toBeGreaterThanOrEqual(1);
    expect((await call(first.base, '/requests', cookie)).status).toBe(401);
    expect((await signIn(first.base, password)).status).toBe(401);
    await setOwnerPassword(database.transaction, password, quickPasswordHash);
    expect((await signIn(first.base, password)).status).toBe(200);
  });
});

describe('the owner inbox in production', () => {
  const app = serveTestApp(testDatabases[0]!, {
    label: 'owner-production',
    apps: [
      {
        secureHeaders: true,
        site: (_req, res) => {
          res.type('html').send('<!doctype html><title>page</title>');
        },
      },
    ],
  });
  const { database } = app;
  const server = app.servers[0]!;

  beforeAll(async () => {
    await setOwnerPassword(database.transaction, password, quickPasswordHash);
  }, setupTimeout);

  it('sets a Secure, __Host- session cookie', async () => {
    const response = await fetch(`${server.base}/api/owner/session`, {
      method: 'POST',
      headers: { ...jsonHeaders, Origin: server.base },
      body: JSON.stringify({ password }),
    });
    expect(response.status).toBe(200);
    const [sessionCookie, deviceCookie] = response.headers.getSetCookie();
    expect(sessionCookie).toMatch(
      /^__Host-rcc_owner=[\w-]{43}; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Strict$/,
    );
    // The device is remembered (sign-in.ts), under the same rules.
    expect(deviceCookie).toMatch(
      /^__Host-rcc_device=[\w-]{22}\.[\w-]{43}; Max-Age=34560000; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Strict$/,
    );
  });

  it('tells robots not to index the inbox page, and only that page', async () => {
    for (const path of ['/owner', '/owner/requests/123', '/owner.html']) {
      const response = await fetch(`${server.base}${path}`);
      expect(response.headers.get('x-robots-tag'), path).toBe('noindex, nofollow');
    }
    for (const path of ['/', '/owners-manual', '/contact']) {
      expect((await fetch(`${server.base}${path}`)).headers.get('x-robots-tag'), path).toBeNull();
    }
  });
});

import { beforeAll, expect } from 'vitest';
import { setOwnerPassword } from '../services/owner/owner-sessions';
import { serveTestApp } from './app-fixture';
import type { TestDatabase } from './databases';
import { quickPasswordHash, setupTimeout } from './http';
import { capturingLogger } from './log';
import { sendQuote, type QuoteFields } from './quote-request';

/**
 * What the tests of the owner inbox API share (owner.test.ts, signing in and sessions;
 * owner-requests.test.ts, the requests, their notes and the CSV export): the owner's password, two
 * server instances on one database with it set, and a sign-in, a session, a call and a quote.
 */

export const password = 'juniper ridge 2026';
export const jsonHeaders = { 'Content-Type': 'application/json' };

/** The inbox served on one of testDatabases, the owner's password set. Call it inside the describe block. */
export function serveOwnerInbox(testDb: TestDatabase) {
  const { logger, lines: logLines } = capturingLogger();
  // Two server instances on one database, as behind a load balancer; loopback may name the
  // client's IP (X-Forwarded-For), so the lockout can be tried from several addresses. The limit
  // on all addresses together is raised: these tests try many wrong passwords from fresh addresses
  // on purpose (security-probe.test.ts tests that limit).
  const instance = { logger, trustProxy: 'loopback', signInLimits: { everywhere: 1000 } };
  const app = serveTestApp(testDb, { label: 'owner', apps: [instance, instance] });
  const { database } = app;
  const [first, second] = [app.servers[0]!, app.servers[1]!];

  beforeAll(async () => {
    await setOwnerPassword(database.transaction, password, quickPasswordHash);
  }, setupTimeout);

  let ipCounter = 0;
  /** A fresh client address, so each test's wrong passwords count on their own. */
  const freshIp = () => `203.0.113.${++ipCounter}`;

  const signIn = (base: string, tried: string, ip = freshIp(), headers: Record<string, string> = { Origin: base }) =>
    fetch(`${base}/api/owner/session`, {
      method: 'POST',
      headers: { ...jsonHeaders, 'X-Forwarded-For': ip, ...headers },
      body: JSON.stringify({ password: tried }),
    });

  /** Signs in on `base` and returns the Cookie header to send. */
  async function session(base = first.base): Promise<string> {
    const response = await signIn(base, password);
    expect(response.status).toBe(200);
    const cookie = response.headers.get('set-cookie') ?? '';
    return cookie.split(';')[0]!;
  }

  const call = (base: string, path: string, cookie?: string, init: RequestInit = {}) =>
    fetch(`${base}/api/owner${path}`, {
      ...init,
      headers: {
        ...(cookie ? { Cookie: cookie } : {}),
        ...(init.body ? jsonHeaders : {}),
        Origin: base,
        ...(init.headers as Record<string, string>),
      },
    });

  const submitQuote = async (fields: QuoteFields = {}) => (await sendQuote(first.base, fields)).id;

  return { database, first, second, logLines, freshIp, signIn, session, call, submitQuote };
}

import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { realPhotos, validQuote } from './test/http';
import {
  call,
  createDatabase,
  onCleanup,
  rawRequest,
  refused,
  slowSubmission,
  startServer,
  submit,
  undoCleanupsAfterEach,
} from './test/server-process-per-test';
import { describeWithProcesses } from './test/server-process';

/**
 * The real server as processes side by side and stopped: two instances on one database get the same
 * Idempotency-Key at once and share one rate limit, SIGTERM comes with a request in flight (and
 * with one that never ends), a client lies about the Host. Each test checks what the owner or a
 * visitor would notice. These tests always use Postgres and are skipped without a Postgres server;
 * FAULT_TESTS=skip leaves them out for a quicker run.
 */

undoCleanupsAfterEach();

describeWithProcesses('server instances and stopping', () => {
  it('stores one request per Idempotency-Key when two instances get it at the same moment', async () => {
    const database = await createDatabase();
    // One after the other: starting at once is a test of its own (the migrations race).
    const a = await startServer({ DATABASE_URL: database.url() });
    const b = await startServer({ DATABASE_URL: database.url() });
    const keys: string[] = [];
    for (let round = 0; round < 10; round++) {
      const key = randomUUID();
      keys.push(key);
      const quote = { ...validQuote, message: `Race ${round}: new deck, about 12 by 16 feet.` };
      const pair = await Promise.all([submit(a.base, quote, key), submit(b.base, quote, key)]);
      expect(pair.map((answer) => answer.status)).toEqual([201, 201]);
      expect(pair[0]!.body.id).toBe(pair[1]!.body.id);
      // One of them stored it, the other answered with what was stored.
      expect(pair.filter((answer) => answer.headers['idempotent-replayed'] === 'true').length).toBe(1);
    }
    const [requests] = await database.query<{ n: number }>('select count(*)::int as n from quote_requests');
    expect(requests!.n).toBe(10);
    const keyRows = await database.query('select key from idempotency_keys where key = any($1::uuid[])', [keys]);
    expect(keyRows.length).toBe(10);
    // The owner gets one alert per request, not one per instance.
    const [deliveries] = await database.query<{ n: number }>(
      "select count(*)::int as n from deliveries where kind = 'owner_alert'",
    );
    expect(deliveries!.n).toBe(10);

    const changed = { ...validQuote, message: 'Something else entirely.' };
    expect((await submit(a.base, changed, keys[0])).status).toBe(422);
    expect((await submit(b.base, changed, keys[0])).status).toBe(422);
  }, 60_000);

  it('counts the rate limit across instances sharing one database', async () => {
    const database = await createDatabase();
    const a = await startServer({ DATABASE_URL: database.url(), RATE_LIMIT_PER_MINUTE: '4' });
    const b = await startServer({ DATABASE_URL: database.url(), RATE_LIMIT_PER_MINUTE: '4' });
    for (const server of [a, b, a, b]) expect((await submit(server.base)).status).toBe(201);
    for (const server of [a, b]) {
      const refused = await submit(server.base);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    const [requests] = await database.query<{ n: number }>('select count(*)::int as n from quote_requests');
    expect(requests!.n).toBe(4);
  }, 60_000);

  it('on SIGTERM refuses new connections, finishes the request in flight and exits 0', async () => {
    const database = await createDatabase();
    const server = await startServer({ DATABASE_URL: database.url() });
    const agent = new http.Agent({ keepAlive: true });
    onCleanup(async () => agent.destroy());
    expect((await rawRequest(server.port, { path: '/api/health', agent })).status).toBe(200);
    // That connection now sits idle in the agent, kept alive.
    expect(Object.values(agent.freeSockets).flat().length).toBe(1);

    const key = randomUUID();
    const slow = slowSubmission(server.port, validQuote, key);
    await sleep(300);
    // Order, not time: refused, then the answer, then the exit, on its own (0, not the forced exit
    // SHUTDOWN_TIMEOUT_SECONDS would bring, which an idle kept-alive connection holding the server
    // open would end in).
    const events: string[] = [];
    const exited = server.exited.then((code) => {
      events.push('exited');
      return code;
    });
    server.child.kill('SIGTERM');

    await refused(server.port);
    events.push('refused');
    slow.finish();
    const answer = await slow.answer;
    events.push('answered');
    expect(answer.status).toBe(201);
    expect(answer.headers.connection).toBe('close');

    expect(await exited).toBe(0);
    expect(events).toEqual(['refused', 'answered', 'exited']);
    expect(server.output()).not.toMatch(/forced exit/);
    const [row] = await database.query('select id from quote_requests where id = $1', [answer.body.id]);
    expect(row).toBeDefined();
  }, 60_000);

  it('exits non-zero when a request is still unfinished after SHUTDOWN_TIMEOUT_SECONDS', async () => {
    const database = await createDatabase();
    const server = await startServer({ DATABASE_URL: database.url(), SHUTDOWN_TIMEOUT_SECONDS: '2' });
    const slow = slowSubmission(server.port, validQuote, randomUUID());
    onCleanup(async () => slow.abort());
    await sleep(300);

    server.child.kill('SIGTERM');
    // The exit is the forced one, with the request still unanswered: it waited for it, up to its timeout.
    const code = await server.exited;
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(server.output()).toMatch(/shutdown took too long: forced exit/);
    expect(server.output()).toMatch(/"timeoutSeconds":2\b/);
    await expect(slow.answer).rejects.toThrow();
  }, 60_000);

  it('builds upload URLs and accepts photo links only on its configured origin, whatever the Host', async () => {
    const database = await createDatabase();
    const site = 'https://www.example.com';
    const server = await startServer({ DATABASE_URL: database.url(), SITE_URL: site });

    const ticket = await rawRequest(server.port, {
      method: 'POST',
      path: '/api/objects/upload',
      headers: { Host: 'evil.example' },
    });
    expect(ticket.status).toBe(200);
    const uploadURL = String(ticket.body.uploadURL);
    expect(uploadURL.startsWith(`${site}/`)).toBe(true);
    const withOrigin = await rawRequest(server.port, {
      method: 'POST',
      path: '/api/objects/upload',
      headers: { Host: 'evil.example', Origin: 'http://evil.example' },
    });
    expect(String(withOrigin.body.uploadURL).startsWith(`${site}/`)).toBe(true);

    // A real photo behind that ticket, uploaded at the server's own address.
    const target = new URL(uploadURL);
    const put = await call(`${server.base}${target.pathname}${target.search}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/jpeg' },
      body: new Uint8Array((await realPhotos()).jpeg),
    });
    expect(put.status).toBe(200);
    const key = target.pathname.split('/').at(-1)!;

    for (const photoUrl of [
      `http://evil.example/api/objects/${key}`,
      `http://evil.example/api/objects/${randomUUID()}`,
    ]) {
      const body = JSON.stringify({ ...validQuote, photoUrl });
      const refused = await rawRequest(
        server.port,
        {
          method: 'POST',
          path: '/api/quote-requests',
          headers: {
            Host: 'evil.example',
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
          },
        },
        body,
      );
      expect(refused.status).toBe(400);
      expect((refused.body.fieldErrors as Record<string, unknown> | undefined)?.photoUrl).toEqual([expect.any(String)]);
    }
    const [requests] = await database.query<{ n: number }>('select count(*)::int as n from quote_requests');
    expect(requests!.n).toBe(0);
    const [claimed] = await database.query<{ n: number }>(
      'select count(*)::int as n from photo_uploads where claimed_at is not null',
    );
    expect(claimed!.n).toBe(0);

    // The same photo on the site's own origin is accepted.
    expect((await submit(server.base, { ...validQuote, photoUrl: `${site}/api/objects/${key}` })).status).toBe(201);
  }, 60_000);
});

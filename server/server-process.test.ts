import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ParsedMail } from 'mailparser';
import pg from 'pg';
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { business } from '@shared/content/business';
import { adminQuery, freshPostgresDatabase, postgresReachable, testPostgresUrl } from './test/databases';
import { realPhotos, tempDir, validQuote } from './test/http';
import { freePort, startServerProcess, type ServerProcess } from './test/server-process';
import { startSmtpServer, type TestSmtpOptions } from './test/smtp';
import { startTcpProxy, type TcpProxy } from './test/tcp-proxy';
import { waitFor } from './test/wait-for';

/**
 * The real server as a process, broken the way the world breaks it: the database goes away,
 * restarts or stops answering, the mail server is down, the process is killed mid-send or
 * stopped with requests in flight, two instances race, a client lies about the Host. Each test
 * checks what the owner or a visitor would notice. These tests always use Postgres (whatever
 * database the rest of the suite runs on) and are skipped without a Postgres server;
 * FAULT_TESTS=skip leaves them out for a quicker run.
 */

const adminUrl = testPostgresUrl;
const postgres = { host: new URL(adminUrl).hostname, port: Number(new URL(adminUrl).port || 5432) };

const ownerEmail = 'owner@example.com';
const mailFrom = 'Site <site@example.com>';
const alertSubject = `New quote: ${validQuote.projectType} in ${validQuote.city} (${validQuote.name})`;
const confirmationSubject = `We received your quote request – ${business.name}`;

/** Undone after each test, last first, also when it failed. */
let cleanups: (() => Promise<unknown>)[] = [];
const onCleanup = (cleanup: () => Promise<unknown>) => cleanups.push(cleanup);

afterEach(async () => {
  const pending = cleanups.reverse();
  cleanups = [];
  for (const cleanup of pending) await cleanup().catch(() => {});
});

interface TestDatabase {
  /** The database URL, directly or through a proxy on `viaPort`. */
  url: (viaPort?: number) => string;
  /** Queries the database directly (not through any proxy). */
  query: <Row extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<Row[]>;
  /** Ends every connection to the database, as a restart of Postgres does. */
  terminateBackends: () => Promise<number>;
  /** New connections get read-only transactions, as on a hot standby. */
  setReadOnly: () => Promise<void>;
}

async function createDatabase(): Promise<TestDatabase> {
  const { name, url: directUrl, drop } = await freshPostgresDatabase('fault');
  onCleanup(drop);
  const url = (viaPort?: number) => {
    const result = new URL(directUrl);
    if (viaPort) {
      result.hostname = '127.0.0.1';
      result.port = String(viaPort);
    }
    return result.toString();
  };
  const pool = new pg.Pool({ connectionString: url(), max: 2 });
  // Terminating the database's backends ends this pool's connections too.
  pool.on('error', () => {});
  onCleanup(() => pool.end());
  return {
    url,
    query: async (text, values) => (await pool.query(text, values)).rows,
    terminateBackends: async () =>
      (
        await adminQuery(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        )
      ).length,
    setReadOnly: async () => {
      await adminQuery(`alter database ${name} set default_transaction_read_only = on`);
    },
  };
}

/** The server as a process with `env`, killed after the test; its output is printed if the test fails. */
async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const data = await tempDir('fault');
  onCleanup(() => data.remove());
  const server = await startServerProcess({ DATA_DIR: data.dir, RATE_LIMIT_PER_MINUTE: '0', ...env });
  onCleanup(() => server.kill());
  onTestFailed(() => {
    console.error(`Output of the server on ${server.base}:\n${server.output().slice(-6000)}`);
  });
  return server;
}

async function startProxy(): Promise<TcpProxy> {
  const proxy = await startTcpProxy(postgres);
  onCleanup(() => proxy.close());
  return proxy;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  /** A network error instead of an answer. */
  error?: string;
}

async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
    const body = parseBody(await response.text());
    return { status: response.status, headers: Object.fromEntries(response.headers), body };
  } catch (error) {
    return { status: 0, headers: {}, body: {}, error: String(error) };
  }
}

function submit(base: string, quote: object = validQuote, key?: string): Promise<Answer> {
  return call(`${base}/api/quote-requests`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
    body: JSON.stringify(quote),
  });
}

/**
 * Sends the same submission (same key) until it is stored, up to `attempts` times 200 ms apart;
 * returns the answers. A count, not a clock: a busy machine makes each try slower, never fewer.
 */
async function submitUntilStored(base: string, attempts = 50, quote: object = validQuote) {
  const key = randomUUID();
  const answers: Answer[] = [];
  for (let attempt = 0; attempt < attempts; attempt++) {
    const answer = await submit(base, quote, key);
    answers.push(answer);
    if (answer.status === 201) break;
    await sleep(200);
  }
  return { answers, last: answers.at(-1)! };
}

/** An answer while the database is away: 503, when to come back, and what to do meanwhile. */
function expectUnavailable(answer: Answer) {
  expect(answer.status, JSON.stringify(answer)).toBe(503);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  expect(answer.body.error).toMatch(/try again/i);
  expect(answer.body.error).toMatch(/call us/i);
}

/** node:http, for what fetch will not do: a Host header of our choosing. */
function rawRequest(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string | number>; agent?: http.Agent | false },
  body?: string | Buffer,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
        agent: options.agent,
      },
      (response) => void readAnswer(response).then(resolve, reject),
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function readAnswer(response: http.IncomingMessage): Promise<Answer> {
  let text = '';
  for await (const chunk of response.setEncoding('utf8')) text += chunk as string;
  return { status: response.statusCode ?? 0, headers: flatHeaders(response.headers), body: parseBody(text) };
}

function parseBody(text: string): Record<string, unknown> {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { text };
  }
}

function flatHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)]));
}

/** A POST whose headers and first half of the body are sent now, the rest when `finish()` is called. */
function slowSubmission(port: number, quote: object, key: string) {
  const body = JSON.stringify(quote);
  const half = Math.floor(body.length / 2);
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/quote-requests',
    agent: false,
    headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'Idempotency-Key': key },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    request.on('response', (response) => void readAnswer(response).then(resolve, reject));
    request.on('error', reject);
  });
  // Unhandled until awaited; a test that never finishes the body destroys the request instead.
  answer.catch(() => {});
  request.write(body.slice(0, half));
  return { answer, finish: () => request.end(body.slice(half)), abort: () => request.destroy() };
}

/** Resolves once a new connection to `port` is refused (tried every 25 ms). */
async function refused(port: number): Promise<void> {
  for (;;) {
    const isRefused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    });
    if (isRefused) return;
    await sleep(25);
  }
}

/** The test SMTP server on `port`, closed after the test. */
async function startMailServer(port: number, options: Omit<TestSmtpOptions, 'port'> = {}) {
  const server = await startSmtpServer({ ...options, port });
  onCleanup(server.close);
  return server;
}

/** The envelope-like recipients of parsed messages, as lists of addresses. */
const recipientsOf = (mails: ParsedMail[]) =>
  mails.map((mail) =>
    (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((to) => to.value.map((v) => v.address)),
  );

/** Every line is a small JSON object and none carries what the visitor typed. */
function expectCleanLogs(output: string, quote: { name: string; phone: string; email: string; message?: string }) {
  const lines = output.split('\n').filter((line) => line.trim() !== '');
  expect(lines.length).toBeGreaterThan(0);
  const digits = quote.phone.replace(/\D/g, '');
  const personal = [
    quote.name,
    quote.phone,
    digits,
    // The local part as typed, e.g. 555-0100.
    quote.phone.slice(-8),
    quote.email,
    quote.email.split('@')[0]!,
    quote.message,
  ];
  const problems: string[] = [];
  for (const line of lines) {
    try {
      JSON.parse(line);
    } catch {
      problems.push(`not JSON: ${line.slice(0, 300)}`);
    }
    if (Buffer.byteLength(line) > 1024) problems.push(`${Buffer.byteLength(line)} bytes: ${line.slice(0, 300)}`);
    for (const value of personal) {
      if (value && line.toLowerCase().includes(value.toLowerCase()))
        problems.push(`contains "${value}": ${line.slice(0, 300)}`);
    }
  }
  expect(problems).toEqual([]);
}

describe.skipIf(process.env.FAULT_TESTS === 'skip' || !postgresReachable)('the server process under faults', () => {
  it('answers 503 (never 500) through a database outage under load, and keeps every 201', async () => {
    const database = await createDatabase();
    const proxy = await startProxy();
    const server = await startServer({ DATABASE_URL: database.url(proxy.port), LOG_REQUESTS: 'true' });

    interface Attempt extends Answer {
      key: string;
      started: number;
      finished: number;
    }
    const attempts: Attempt[] = [];
    const health: Attempt[] = [];
    let stopping = false;
    // Once the load stops, a visitor still retrying gives up on its key after this.
    let deadline = Infinity;

    // A visitor's browser: one submission at a time, the same key again after a 503.
    async function visitor() {
      while (!stopping) {
        const key = randomUUID();
        for (;;) {
          const started = Date.now();
          const answer = await submit(server.base, validQuote, key);
          attempts.push({ ...answer, key, started, finished: Date.now() });
          if (answer.status === 201 || Date.now() > deadline) break;
          await sleep(150);
        }
        await sleep(50);
      }
    }
    async function monitor() {
      while (!stopping) {
        const started = Date.now();
        const answer = await call(`${server.base}/api/health`);
        health.push({ ...answer, key: '', started, finished: Date.now() });
        await sleep(200);
      }
    }

    const running = [visitor(), visitor(), visitor(), visitor(), monitor()];
    await sleep(2_000);
    const cutAt = Date.now();
    proxy.cut();
    await sleep(4_000);
    const restoredAt = Date.now();
    proxy.restore();
    await sleep(2_500);
    stopping = true;
    deadline = Date.now() + 20_000;
    await Promise.all(running);

    // The process stayed up.
    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();

    // Every answer that was not a 201 was a 503 telling the visitor what to do.
    const failed = attempts.filter((attempt) => attempt.status !== 201);
    expect(
      failed.filter((attempt) => attempt.started >= cutAt && attempt.finished <= restoredAt).length,
    ).toBeGreaterThan(0);
    for (const attempt of failed) expectUnavailable(attempt);

    // Health: 503 with a reason during the cut, 200 again after it.
    const duringCut = health.filter((check) => check.started >= cutAt && check.finished <= restoredAt);
    expect(duringCut.length).toBeGreaterThan(0);
    for (const check of duringCut) {
      expect(check.status).toBe(503);
      expect(check.body.reason).toEqual(expect.stringMatching(/\w/));
    }
    const healthyAgain = health.find((check) => check.started >= restoredAt && check.status === 200);
    expect(healthyAgain).toBeDefined();
    expect(healthyAgain!.finished - restoredAt).toBeLessThan(5_000);
    expect((await call(`${server.base}/api/health`)).status).toBe(200);

    // Submissions succeed again within 5 s.
    const firstStored = attempts
      .filter((attempt) => attempt.status === 201 && attempt.finished >= restoredAt)
      .sort((a, b) => a.finished - b.finished)[0];
    expect(firstStored).toBeDefined();
    expect(firstStored!.finished - restoredAt).toBeLessThan(5_000);

    // Every 201 is in the database, each key answered with one id, and a key sent again after a
    // 503 stored one request, not two.
    const idsByKey = new Map<string, Set<string>>();
    for (const attempt of attempts.filter((item) => item.status === 201)) {
      const ids = idsByKey.get(attempt.key) ?? new Set<string>();
      ids.add(String(attempt.body.id));
      idsByKey.set(attempt.key, ids);
    }
    const keys = [...new Set(attempts.map((attempt) => attempt.key))];
    expect([...idsByKey.keys()].sort()).toEqual(keys.sort());
    for (const ids of idsByKey.values()) expect(ids.size).toBe(1);
    const ids = [...idsByKey.values()].map((set) => [...set][0]!);
    const stored = await database.query<{ id: string }>('select id from quote_requests where id = any($1::uuid[])', [
      ids,
    ]);
    expect(stored.length).toBe(ids.length);
    const retriedKeys = keys.filter((key) => attempts.some((attempt) => attempt.key === key && attempt.status === 503));
    expect(retriedKeys.length).toBeGreaterThan(0);
    const keyRows = await database.query<{ key: string; quote_request_id: string }>(
      'select key, quote_request_id from idempotency_keys where key = any($1::uuid[])',
      [keys],
    );
    expect(keyRows.length).toBe(keys.length);
    for (const row of keyRows) expect(row.quote_request_id).toBe([...idsByKey.get(row.key)!][0]);
    const [total] = await database.query<{ n: number }>('select count(*)::int as n from quote_requests');
    expect(total!.n).toBe(keys.length);

    expectCleanLogs(server.output(), validQuote);
  }, 90_000);

  it('survives Postgres ending its connections (a restart) and stores the next submission', async () => {
    const database = await createDatabase();
    const server = await startServer({ DATABASE_URL: database.url() });
    // A few requests at once leave several idle connections in the pool.
    const warm = await Promise.all(Array.from({ length: 6 }, () => submit(server.base)));
    expect(warm.map((answer) => answer.status)).toEqual(Array(6).fill(201));

    expect(await database.terminateBackends()).toBeGreaterThan(1);
    await sleep(1_000);
    await database.terminateBackends();
    await sleep(300);
    expect(server.child.exitCode).toBeNull();

    const { answers, last } = await submitUntilStored(server.base);
    expect(last.status).toBe(201);
    for (const answer of answers.slice(0, -1)) expectUnavailable(answer);
    const [row] = await database.query('select id from quote_requests where id = $1', [last.body.id]);
    expect(row).toBeDefined();
    await sleep(500);
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toMatch(/uncaught exception|"level":"fatal"/);
  }, 60_000);

  // The server's own timeouts answer these (connect 3 s, statement 5 s, query 6 s), well before
  // call() gives up at 20 s: a hang would be status 0, not the 503 expected.
  it('answers 503 while the database is frozen, and works after it thaws', async () => {
    const database = await createDatabase();
    const proxy = await startProxy();
    const server = await startServer({ DATABASE_URL: database.url(proxy.port) });
    expect((await submit(server.base)).status).toBe(201);

    proxy.freeze();
    const [answer, health] = await Promise.all([
      submit(server.base, validQuote, randomUUID()),
      call(`${server.base}/api/health`),
    ]);
    expectUnavailable(answer);
    expect(health.status).toBe(503);
    expect(health.body.reason).toEqual(expect.stringMatching(/\w/));

    proxy.restore();
    const after = await submitUntilStored(server.base);
    expect(after.last.status).toBe(201);
    expect(server.child.exitCode).toBeNull();
  }, 60_000);

  it('answers 503 when the database stalls in the middle of a transaction', async () => {
    const database = await createDatabase();
    const proxy = await startProxy();
    const server = await startServer({ DATABASE_URL: database.url(proxy.port) });
    expect((await submit(server.base)).status).toBe(201);

    // The request is inside its transaction (BEGIN answered) when its connection stops answering.
    proxy.stallWhen((chunk) => chunk.toString('latin1').includes('insert into "quote_requests"'));
    const answer = await submit(server.base, validQuote, randomUUID());
    proxy.stallWhen();
    proxy.restore();
    expectUnavailable(answer);
    expect((await submitUntilStored(server.base)).last.status).toBe(201);
  }, 60_000);

  it('gets its database connections back after transactions stalled at BEGIN', async () => {
    const database = await createDatabase();
    const proxy = await startProxy();
    const server = await startServer({ DATABASE_URL: database.url(proxy.port) });
    expect((await submit(server.base)).status).toBe(201);

    // More submissions at once than the pool has connections, each stalled at its BEGIN.
    proxy.stallWhen((chunk) => /\bbegin\b/i.test(chunk.toString('latin1')));
    const stalled = await Promise.all(Array.from({ length: 12 }, () => submit(server.base, validQuote, randomUUID())));
    for (const answer of stalled) expectUnavailable(answer);
    proxy.stallWhen();
    proxy.restore();

    // The database is back: the site takes quotes again and says it is healthy.
    const after = await submitUntilStored(server.base);
    expect(after.answers.map((answer) => answer.status)).toContain(201);
    expect((await call(`${server.base}/api/health`)).status).toBe(200);
  }, 60_000);

  it('starts several instances at once on a new database (a deploy, or Postgres coming back)', async () => {
    const database = await createDatabase();
    const proxy = await startProxy();
    // Held at the proxy until all three wait for the database, then let through together: their
    // migrations run at the same moment.
    proxy.freeze();
    const starting = Promise.allSettled(
      Array.from({ length: 3 }, () => startServer({ DATABASE_URL: database.url(proxy.port) })),
    );
    await waitFor('three connections', 20_000, () => (proxy.connections() >= 3 ? true : undefined));
    proxy.restore();
    const failures = (await starting).flatMap((result) =>
      result.status === 'rejected' ? [String(result.reason).slice(0, 600)] : [],
    );
    expect(failures).toEqual([]);
  }, 60_000);

  it('answers a visitor and logs no personal data when the database turns read-only (a failover)', async () => {
    const database = await createDatabase();
    const server = await startServer({ DATABASE_URL: database.url(), LOG_REQUESTS: 'true' });
    expect((await submit(server.base)).status).toBe(201);
    // What a client sees when its connections land on a standby after a failover.
    await database.setReadOnly();
    await database.terminateBackends();
    await sleep(300);

    const answer = await submit(server.base, validQuote, randomUUID());
    expect([500, 503]).toContain(answer.status);
    expect(answer.body.error).toMatch(/call us/i);
    expect(server.child.exitCode).toBeNull();
    expectCleanLogs(server.output(), validQuote);
  }, 60_000);

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

  it('sends the alert and the confirmation once when the mail server and then the site were down', async () => {
    const database = await createDatabase();
    const smtpPort = await freePort();
    const env = {
      DATABASE_URL: database.url(),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      OUTBOX_RETRY_SECONDS: '1',
      // Should the kill land between a claim and its outcome, the next process waits this long.
      OUTBOX_LEASE_SECONDS: '5',
      OWNER_EMAIL: ownerEmail,
      MAIL_FROM: mailFrom,
    };
    const first = await startServer(env);
    const stored = await submit(first.base);
    expect(stored.status).toBe(201);
    // Both deliveries failed against the closed port (the next try is due a second later).
    await waitFor('failed mail attempts', 10_000, async () => {
      const rows = await database.query<{ attempts: number; last_error: string | null }>(
        'select attempts, last_error from deliveries where quote_request_id = $1',
        [stored.body.id],
      );
      return rows.length === 2 && rows.every((row) => row.attempts >= 1 && row.last_error) ? rows : undefined;
    });
    await first.kill();

    const mail = await startMailServer(smtpPort);
    await startServer(env);
    await waitFor('both e-mails', 20_000, () =>
      mail.withSubject(alertSubject).length > 0 && mail.withSubject(confirmationSubject).length > 0 ? true : undefined,
    );
    // Both deliveries marked sent: nothing is sent again after that.
    await waitFor('both deliveries marked sent', 10_000, async () => {
      const rows = await database.query<{ status: string }>(
        'select status from deliveries where quote_request_id = $1',
        [stored.body.id],
      );
      return rows.length === 2 && rows.every((row) => row.status === 'sent') ? true : undefined;
    });
    const alerts = mail.withSubject(alertSubject);
    const confirmations = mail.withSubject(confirmationSubject);
    expect(recipientsOf(alerts)).toEqual([[ownerEmail]]);
    expect(recipientsOf(confirmations)).toEqual([[validQuote.email]]);
    expect(mail.received.length).toBe(2);
    const rows = await database.query<{ status: string }>('select status from deliveries where quote_request_id = $1', [
      stored.body.id,
    ]);
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent']);
  }, 90_000);

  it('resends mail whose sender was killed mid-send once its lease runs out, and only once', async () => {
    const database = await createDatabase();
    const smtpPort = await freePort();
    const env = {
      DATABASE_URL: database.url(),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      OUTBOX_RETRY_SECONDS: '1',
      OUTBOX_LEASE_SECONDS: '3',
      OWNER_EMAIL: ownerEmail,
      MAIL_FROM: mailFrom,
    };
    const hanging = await startMailServer(smtpPort, { stall: true });
    const first = await startServer(env);
    const stored = await submit(first.base);
    expect(stored.status).toBe(201);
    await waitFor('the message data', 15_000, () => (hanging.dataStarted.length > 0 ? true : undefined));
    const stalledRecipient = hanging.dataStarted[0]![0];
    await first.kill();
    await hanging.close();

    const mail = await startMailServer(smtpPort);
    await startServer(env);
    await waitFor('both e-mails', 25_000, () =>
      mail.withSubject(alertSubject).length > 0 && mail.withSubject(confirmationSubject).length > 0 ? true : undefined,
    );
    await waitFor('both deliveries marked sent', 10_000, async () => {
      const rows = await database.query<{ status: string }>(
        'select status from deliveries where quote_request_id = $1',
        [stored.body.id],
      );
      return rows.length === 2 && rows.every((row) => row.status === 'sent') ? true : undefined;
    });
    expect(mail.withSubject(alertSubject).length).toBe(1);
    expect(mail.withSubject(confirmationSubject).length).toBe(1);
    expect(mail.received.length).toBe(2);
    expect(hanging.dataStarted.length).toBe(1);
    const rows = await database.query<{ kind: string; status: string; attempts: number }>(
      'select kind, status, attempts from deliveries where quote_request_id = $1',
      [stored.body.id],
    );
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent']);
    const stalledKind = stalledRecipient === ownerEmail ? 'owner_alert' : 'confirmation';
    expect(rows.find((row) => row.kind === stalledKind)!.attempts).toBe(2);
  }, 90_000);

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

  it('logs small JSON lines without the visitor’s name, phone or e-mail, whatever goes wrong', async () => {
    const database = await createDatabase();
    const proxy = await startProxy();
    const smtpPort = await freePort();
    // The homeowner's mail server refuses the address, naming it in its answer.
    const mail = await startMailServer(smtpPort, {
      refuse: {
        address: validQuote.email,
        code: 550,
        message: `<${validQuote.email}>: Recipient address rejected: User unknown`,
      },
    });
    const server = await startServer({
      DATABASE_URL: database.url(proxy.port),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      OUTBOX_RETRY_SECONDS: '1',
      OWNER_EMAIL: ownerEmail,
      MAIL_FROM: mailFrom,
      LOG_REQUESTS: 'true',
      LOG_LEVEL: 'debug',
    });

    const key = randomUUID();
    const stored = await submit(server.base, validQuote, key);
    expect(stored.status).toBe(201);
    expect((await submit(server.base, { ...validQuote, message: 'Another project.' }, key)).status).toBe(422);
    expect(
      (await submit(server.base, { ...validQuote, email: `${validQuote.email.split('@')[0]}@example` })).status,
    ).toBe(400);
    const cutOff = await call(`${server.base}/api/quote-requests`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(validQuote).slice(0, -12),
    });
    expect(cutOff.status).toBe(400);
    await waitFor('the alert sent and the confirmation refused', 15_000, async () => {
      const rows = await database.query<{ kind: string; status: string }>(
        'select kind, status from deliveries where quote_request_id = $1 order by kind',
        [stored.body.id],
      );
      return rows.map((row) => `${row.kind}:${row.status}`).join() === 'confirmation:failed,owner_alert:sent'
        ? rows
        : undefined;
    });
    expect(mail.withSubject(alertSubject).length).toBe(1);

    proxy.cut();
    for (let attempt = 0; attempt < 3; attempt++)
      expectUnavailable(await submit(server.base, validQuote, randomUUID()));
    expect((await call(`${server.base}/api/health`)).status).toBe(503);
    proxy.restore();
    expect((await submitUntilStored(server.base)).last.status).toBe(201);

    expect(await server.stop()).toBe(0);
    expectCleanLogs(server.output(), validQuote);
  }, 60_000);
});

import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ParsedMail } from 'mailparser';
import pg from 'pg';
import { afterEach, expect, onTestFailed } from 'vitest';
import { business } from '@shared/content/business';
import { adminQuery, freshPostgresDatabase, testPostgresUrl } from './databases';
import { tempDir, validQuote } from './http';
import { startServerProcess, type ServerProcess } from './server-process';
import { startSmtpServer, type TestSmtpOptions } from './smtp';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

/**
 * What the tests of the server as a process share (server-process.test.ts, the database's faults;
 * server-instances-process.test.ts, instances side by side and stopping; server-mail-process.test.ts,
 * mail and logs): a fresh Postgres database, the server and a TCP proxy, each started for one test
 * and undone after it, and the requests a visitor's browser or a lying client sends.
 */

const adminUrl = testPostgresUrl;
const postgres = { host: new URL(adminUrl).hostname, port: Number(new URL(adminUrl).port || 5432) };

export const ownerEmail = 'owner@example.com';
export const mailFrom = 'Site <site@example.com>';
export const alertSubject = `New quote: ${validQuote.projectType} in ${validQuote.city} (${validQuote.name})`;
export const confirmationSubject = `We received your quote request – ${business.name}`;

/** Undone after each test, last first, also when it failed (undoCleanupsAfterEach). */
let cleanups: (() => Promise<unknown>)[] = [];
export const onCleanup = (cleanup: () => Promise<unknown>) => cleanups.push(cleanup);

/**
 * Runs the cleanups after each test of the calling file. Each file calls it, rather than this module
 * registering the hook as it loads: the server's test files share their modules in a worker
 * (`isolate: false` in vite.config.ts), so a hook registered on import would hold for the first
 * file only.
 */
export function undoCleanupsAfterEach() {
  afterEach(async () => {
    const pending = cleanups.reverse();
    cleanups = [];
    for (const cleanup of pending) await cleanup().catch(() => {});
  });
}

export interface ProcessTestDatabase {
  /** The database URL, directly or through a proxy on `viaPort`. */
  url: (viaPort?: number) => string;
  /** Queries the database directly (not through any proxy). */
  query: <Row extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<Row[]>;
  /** Ends every connection to the database, as a restart of Postgres does. */
  terminateBackends: () => Promise<number>;
  /** New connections get read-only transactions, as on a hot standby. */
  setReadOnly: () => Promise<void>;
}

export async function createDatabase(): Promise<ProcessTestDatabase> {
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
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const data = await tempDir('fault');
  onCleanup(() => data.remove());
  const server = await startServerProcess({ DATA_DIR: data.dir, RATE_LIMIT_PER_MINUTE: '0', ...env });
  onCleanup(() => server.kill());
  onTestFailed(() => {
    console.error(`Output of the server on ${server.base}:\n${server.output().slice(-6000)}`);
  });
  return server;
}

export async function startProxy(): Promise<TcpProxy> {
  const proxy = await startTcpProxy(postgres);
  onCleanup(() => proxy.close());
  return proxy;
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  /** A network error instead of an answer. */
  error?: string;
}

export async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
    const body = parseBody(await response.text());
    return { status: response.status, headers: Object.fromEntries(response.headers), body };
  } catch (error) {
    return { status: 0, headers: {}, body: {}, error: String(error) };
  }
}

export function submit(base: string, quote: object = validQuote, key?: string): Promise<Answer> {
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
export async function submitUntilStored(base: string, attempts = 50, quote: object = validQuote) {
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
export function expectUnavailable(answer: Answer) {
  expect(answer.status, JSON.stringify(answer)).toBe(503);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  expect(answer.body.error).toMatch(/try again/i);
  expect(answer.body.error).toMatch(/call us/i);
}

/** node:http, for what fetch will not do: a Host header of our choosing. */
export function rawRequest(
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
export function slowSubmission(port: number, quote: object, key: string) {
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
export async function refused(port: number): Promise<void> {
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
export async function startMailServer(port: number, options: Omit<TestSmtpOptions, 'port'> = {}) {
  const server = await startSmtpServer({ ...options, port });
  onCleanup(server.close);
  return server;
}

/** The envelope-like recipients of parsed messages, as lists of addresses. */
export const recipientsOf = (mails: ParsedMail[]) =>
  mails.map((mail) =>
    (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((to) => to.value.map((v) => v.address)),
  );

/** Every line is a small JSON object and none carries what the visitor typed. */
export function expectCleanLogs(
  output: string,
  quote: { name: string; phone: string; email: string; message?: string },
) {
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

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { validQuote } from './test/http';
import { waitFor } from './test/wait-for';
import {
  call,
  createDatabase,
  expectCleanLogs,
  expectUnavailable,
  startProxy,
  startServer,
  submit,
  submitUntilStored,
  undoCleanupsAfterEach,
  type Answer,
} from './test/server-process-per-test';
import { describeWithProcesses } from './test/server-process';

/**
 * The real server as a process, its database broken the way the world breaks it: cut off under
 * load, restarted (its connections ended), frozen, stalled inside a transaction or at BEGIN, turned
 * read-only by a failover, and found new by several instances starting at once. Each test checks
 * what the owner or a visitor would notice. Instances side by side and stopping are tested in
 * server-instances-process.test.ts, mail and logs in server-mail-process.test.ts. These tests
 * always use Postgres (whatever database the rest of the suite runs on) and are skipped without a
 * Postgres server; FAULT_TESTS=skip leaves them out for a quicker run.
 */

undoCleanupsAfterEach();

describeWithProcesses('the server process under faults', () => {
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
});

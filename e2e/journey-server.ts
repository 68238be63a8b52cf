import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { openDatabase } from '../server/db/client';
import { startSmtpServer, type TestSmtpServer } from '../server/test/smtp';
import {
  giveOwnerPassword,
  journeyDatabase,
  journeyPostgres,
  startServer,
  stopServer,
  type JourneyDatabase,
} from './own-server';

export interface ServerOptions {
  /** The owner's password, given before the server starts; none without it. */
  password?: string;
  /** More of the server's environment (OWNER_EMAIL, CONTENT_CHECK_SECONDS …). */
  env?: Record<string, string>;
  /** A real SMTP server in the test (SMTP_URL), instead of .eml files in DATA_DIR/outbox. */
  mail?: boolean;
  /** Runs once the owner has his password, before any server starts (to put data in the database). */
  beforeStart?: (env: Record<string, string>) => Promise<void>;
}

export interface Server {
  base: string;
  child: ChildProcess;
}

export interface JourneyServer extends Server {
  /** Every server started, the first one (`base`, `child`: a journey may stop it) first. */
  servers: [Server, ...Server[]];
  /** The environment every server was started with. */
  env: Record<string, string>;
  journey: JourneyDatabase;
}

type OnOneDatabase = ServerOptions & { withoutPostgres: 'skip' | 'one server' };

/** What `run` is given: with mail, the SMTP server; with `withoutPostgres: 'skip'`, always two servers. */
type Started<O> = JourneyServer &
  (O extends { mail: true } ? { smtp: TestSmtpServer } : unknown) &
  (O extends { withoutPostgres: 'skip' } ? { servers: [Server, Server] } : unknown);

/**
 * Runs `run` with a server of the journey's own on a database of its own (`journeyDatabase`),
 * then stops it and drops the database, whatever happened.
 */
export async function withJourneyServer<O extends ServerOptions>(
  label: string,
  options: O,
  run: (server: Started<O>) => Promise<void>,
): Promise<void> {
  await runServers(await journeyDatabase(label), 1, options, run);
}

/**
 * Two server processes on one fresh Postgres database, as behind a load balancer, sharing one
 * pictures folder as two instances share one S3 bucket. Two processes cannot share the embedded
 * database: without a Postgres server (E2E_DATABASE_URL or the local test server) the journey is
 * skipped, or with `withoutPostgres: 'one server'` runs on one server on the embedded database.
 */
export async function withServersOnOneDatabase<O extends OnOneDatabase>(
  label: string,
  options: O,
  run: (servers: Started<O>) => Promise<void>,
): Promise<void> {
  const postgres = await journeyPostgres(label);
  if (!postgres) {
    test.skip(
      options.withoutPostgres === 'skip',
      'needs a Postgres server (E2E_DATABASE_URL or the local test server)',
    );
    return runServers(await journeyDatabase(label), 1, options, run);
  }
  const database: JourneyDatabase = {
    env: { DATA_DIR: mkdtempSync(path.join(tmpdir(), `rcc-${label}-`)), DATABASE_URL: postgres.url },
    open: () => openDatabase({ databaseUrl: postgres.url }),
    drop: postgres.drop,
  };
  await runServers(database, 2, options, run);
}

async function runServers(
  journey: JourneyDatabase,
  count: number,
  options: ServerOptions,
  run: (server: never) => Promise<void>,
): Promise<void> {
  const smtp = options.mail ? await startSmtpServer() : undefined;
  const env = { ...journey.env, ...(smtp ? { SMTP_URL: smtp.url } : {}), ...options.env };
  const servers: Server[] = [];
  try {
    if (options.password) await giveOwnerPassword(options.password, env);
    await options.beforeStart?.(env);
    while (servers.length < count) servers.push(await startServer(env));
    const [first] = servers as [Server];
    // What `Started` promises: `smtp` when the options asked for mail, two servers when `count` is 2.
    await run({ ...first, servers, env, journey, smtp } as never);
  } finally {
    for (const server of [...servers].reverse()) await stopServer(server.child);
    await smtp?.close();
    await journey.drop();
  }
}

/** Waits up to 10 s for `check` to pass: what the owner saved reaches every server's pages in that time. */
export async function within10s(check: () => Promise<void>): Promise<void> {
  await expect(check).toPass({ timeout: 10_000, intervals: [250] });
}

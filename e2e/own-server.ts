import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../server/db/client';
import { setOwnerPassword as setOwnerPasswordIn } from '../server/services/owner/owner-sessions';
import { freePort } from '../server/test/free-port';
import { testNodeFlags } from '../server/test/node-flags';

/**
 * A production server of the test's own (`node dist/server/index.js`) on a free port, for
 * journeys that need to configure it (mail, database) or stop it and look at what it stored.
 */
export async function startServer(env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...testNodeFlags, 'dist/server/index.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_REQUESTS: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      ...env,
    },
    stdio: 'ignore',
  });
  await expect
    .poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status ?? 0, { timeout: 60_000 })
    .toBe(200);
  return { base, child };
}

export interface JourneyDatabase {
  /** DATA_DIR (photos, the upload secret) and, on Postgres, DATABASE_URL: for startServer and setOwnerPassword. */
  env: Record<string, string>;
  /** Opens the database to read what the server stored (once the server has stopped, on PGlite). */
  open: () => Promise<DatabaseHandle>;
  /** Drops the Postgres database; the embedded one stays in its temporary folder. */
  drop: () => Promise<void>;
}

/**
 * The database of a journey's own server, shared with no other journey, so journeys run side by
 * side: with E2E_DATABASE_URL (CI: the suite's server runs on Postgres) a fresh database on that
 * Postgres server, else the embedded PGlite in a fresh data folder.
 */
export async function journeyDatabase(label: string): Promise<JourneyDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `rcc-${label}-`));
  const suiteUrl = process.env.E2E_DATABASE_URL;
  if (!suiteUrl) {
    return { env: { DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }), drop: async () => {} };
  }
  const { url: databaseUrl, drop } = await createDatabaseBeside(suiteUrl, label);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    open: () => openDatabase({ databaseUrl }),
    drop,
  };
}

/**
 * A fresh Postgres database for a journey that needs Postgres whatever the suite runs on (two
 * server processes cannot share the embedded database): beside the suite's (E2E_DATABASE_URL), or
 * on the local test server; null when neither answers.
 */
export async function journeyPostgres(label: string): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const adminUrl =
    process.env.E2E_DATABASE_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  try {
    // A server that does not answer in 3 s is taken as none.
    return await createDatabaseBeside(adminUrl, label, 3000);
  } catch {
    return null;
  }
}

/** A new database on the server of `serverUrl`, named after its database, so that whoever made that one can drop these with it. */
async function createDatabaseBeside(
  serverUrl: string,
  label: string,
  connectionTimeoutMillis?: number,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${new URL(serverUrl).pathname.slice(1)}_${label.replace(/\W/g, '_')}_${randomBytes(3).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** SIGTERM, and wait for the process to finish (it drains requests and mail first). */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/**
 * Sets the owner's password with `npm run owner:password`, the password piped in twice as a
 * setup script would. Run it before the server opens the embedded database: both cannot hold
 * it at once. Resolves with what the script printed. The journeys that are about the password use
 * it; the others give the owner a password with `giveOwnerPassword`.
 */
export function setOwnerPassword(password: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...testNodeFlags, '--import', 'tsx', 'scripts/owner-password.ts'], {
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`owner:password exited ${code}: ${output}`)),
    );
    child.stdin.end(`${password}\n${password}\n`);
  });
}

/**
 * Gives the owner `password` in the database of `env` (DATABASE_URL, else the embedded one in
 * DATA_DIR), as `npm run owner:password` does, through the same function, but in this worker
 * rather than a process of its own: the command, started from the sources, cost 2 to 3 CPU-s a
 * time (docs/test-time.md). Before the server starts, as with the command.
 */
export async function giveOwnerPassword(password: string, env: Record<string, string>): Promise<void> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await setOwnerPasswordIn(database.transaction, password);
  } finally {
    await database.close();
  }
}

/**
 * Opens `url` (an address of the owner's app), signs in with `password` and waits for the app:
 * checking the password is a deliberately slow hash, seconds on a busy machine.
 */
export async function signInOwner(page: Page, url: string, password: string): Promise<void> {
  await page.goto(url);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible({ timeout: 30_000 });
}

/**
 * Sends a quote request as the site's form does, Dana's deck in Pine unless `fields` say
 * otherwise, with `headers` beside it (where the visitor came from, how long the form took): its id.
 */
export async function postQuoteRequest(
  base: string,
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await fetch(`${base}/api/quote-requests`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({
      name: 'Dana Whitfield',
      phone: '(928) 555-0188',
      email: 'dana@example.com',
      projectType: 'Deck',
      city: 'Pine',
      budgetRange: '$10,000 - $25,000',
      ...fields,
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

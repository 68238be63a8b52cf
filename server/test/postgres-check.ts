import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { adminQuery, testPostgresUrl } from './postgres-url';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Whether the Postgres at TEST_POSTGRES_URL answered when the run started. */
    postgresReachable: boolean;
    /** A database of this run with every migration applied, that the tests' databases are copies of ('' without Postgres). */
    postgresTemplate: string;
  }
}

/**
 * Vitest global setup: every database test runs on the embedded PGlite and, when a Postgres
 * server answers, on Postgres too. Without one (a fresh machine with only Node and a browser) the
 * Postgres leg is skipped with one line saying how to add it; under CI it is required, so a
 * missing server fails the run instead of passing with half the checks.
 */
export default async function checkPostgres(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const reachable = await answers(testPostgresUrl);
  project.provide('postgresReachable', reachable.ok);
  project.provide('postgresTemplate', '');
  if (reachable.ok) {
    const template = await migratedTemplate();
    project.provide('postgresTemplate', template);
    return async () => void (await adminQuery(`drop database if exists ${template} with (force)`));
  }
  const where = new URL(testPostgresUrl).host;
  if (process.env.CI) {
    console.error(`\nCI needs Postgres, but ${where} did not answer (${reachable.reason}).\n`);
    process.exit(1);
  }
  console.warn(
    `\nPostgres leg skipped: nothing answered at ${where} (${reachable.reason}). The database tests ran on the ` +
      'embedded PGlite only; start a local Postgres (user "postgres" without a password) or set TEST_POSTGRES_URL to add it.\n',
  );
}

/**
 * A database with every migration applied, made once per run: a test's database is a copy of it
 * (`create database ... template`, server/test/databases.ts), about a second and a half sooner
 * than running the migrations again, in each of the run's hundred or so Postgres databases.
 * Named after this run, so that runs side by side never copy one while another migrates it.
 */
async function migratedTemplate(): Promise<string> {
  const name = `rcc_template_${process.pid}_${Date.now()}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(testPostgresUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await database.close();
  return name;
}

async function answers(url: string): Promise<{ ok: true } | { ok: false; reason: string }> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: (error as Error).message || String(error) };
  } finally {
    await client.end().catch(() => {});
  }
}

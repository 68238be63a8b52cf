import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { testPostgresUrl } from './postgres-url';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Whether the Postgres at TEST_POSTGRES_URL answered when the run started. */
    postgresReachable: boolean;
  }
}

/**
 * Vitest global setup: every database test runs on the embedded PGlite and, when a Postgres
 * server answers, on Postgres too. Without one (a fresh machine with only Node and a browser) the
 * Postgres leg is skipped with one line saying how to add it; under CI it is required, so a
 * missing server fails the run instead of passing with half the checks.
 */
export default async function checkPostgres(project: TestProject): Promise<void> {
  const reachable = await answers(testPostgresUrl);
  project.provide('postgresReachable', reachable.ok);
  if (reachable.ok) return;
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

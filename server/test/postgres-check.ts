import pg from 'pg';
import { testPostgresUrl } from './databases';

/**
 * Vitest global setup: the tests run every database test on Postgres as well as PGlite (and CI
 * requires both), so when Postgres cannot be reached the run stops at once with one plain line
 * saying what to do, instead of dozens of connection errors.
 */
export default async function checkPostgres(): Promise<void> {
  const client = new pg.Client({ connectionString: testPostgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    const where = new URL(testPostgresUrl);
    console.error(
      `\nThe tests need Postgres, but ${where.host} did not answer (${(error as Error).message || String(error)}). ` +
        `Start it (e.g. \`sudo service postgresql start\`; user "postgres" without a password) or point TEST_POSTGRES_URL at one.\n`,
    );
    process.exit(1);
  } finally {
    await client.end().catch(() => {});
  }
}

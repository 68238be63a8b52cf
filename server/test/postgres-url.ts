import pg from 'pg';

/**
 * The Postgres server the tests use besides the embedded PGlite: each test run creates its own
 * databases there and drops them afterwards, so the user must be allowed to create databases.
 */
export const testPostgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs one statement on the test Postgres server's admin database, on a connection of its own. */
export async function adminQuery<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<Row[]> {
  const client = new pg.Client({ connectionString: testPostgresUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * The Postgres server the tests use besides the embedded PGlite: each test run creates its own
 * databases there and drops them afterwards, so the user must be allowed to create databases.
 */
export const testPostgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

import pg from 'pg';

/**
 * Runs `work` on a Postgres database of its own, made on the server of `adminUrl` and dropped
 * afterwards whatever happens: a bench that writes starts from nothing and leaves nothing behind.
 */
export async function withThrowawayDatabase<T>(
  adminUrl: string,
  prefix: string,
  work: (databaseUrl: string) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

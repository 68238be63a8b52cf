/**
 * compose.yaml's `postgres` profile. The owner turns it on in .env with `COMPOSE_PROFILES=postgres`
 * (and a `POSTGRES_PASSWORD`); compose passes both to the site. With the profile on and no
 * `DATABASE_URL` of its own, the site uses the compose file's `postgres` service.
 *
 * Compose cannot wire this itself in one file: a service may not depend on one that a profile
 * leaves out (Compose v2 and docker-compose 1.29 alike refuse the file without the profile). So the
 * site does not `depends_on` Postgres; it waits at start until the database answers
 * (`openDatabaseWhenReachable` in server/index.ts), which is what Postgres's health check says.
 */
export const composePostgres = { host: 'postgres', port: 5432, user: 'postgres', database: 'site' } as const;

export function withComposePostgres(source: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (source.DATABASE_URL?.trim()) return source;
  const profiles = (source.COMPOSE_PROFILES ?? '').split(',').map((name) => name.trim());
  if (!profiles.includes('postgres')) return source;
  const password = source.POSTGRES_PASSWORD ?? '';
  const { host, port, user, database } = composePostgres;
  const auth = password ? `${user}:${encodeURIComponent(password)}` : user;
  return { ...source, DATABASE_URL: `postgres://${auth}@${host}:${port}/${database}` };
}

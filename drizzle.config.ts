import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes SQL migrations from server/db/schema/; both Postgres and PGlite apply them at start-up. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});

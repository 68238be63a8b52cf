import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { DatabaseInUseError, openDatabase } from './db/client';
import { parseEnv, type Env } from './env';
import { devSite } from './http/dev-site';
import { staticSite } from './http/static-site';
import { createLocalDiskStorage } from './services/storage/local-disk';
import type { PhotoStorage } from './services/storage/types';
import { loadSigningSecret } from './services/storage/url-signing';

const env = parseEnv();
const isProduction = env.NODE_ENV === 'production';
// Source: server/index.ts -> repo root is one up. Bundle: dist/server/index.js -> two up.
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.basename(path.dirname(here)) === 'dist' ? path.resolve(here, '../..') : path.resolve(here, '..');

const dataDir = path.resolve(root, env.DATA_DIR);

const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir }).catch((error: unknown) => {
  if (!(error instanceof DatabaseInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
});
const storage = await openStorage(env);

const httpServer = createServer();
const site = isProduction ? staticSite(path.join(root, 'dist', 'client')) : await devSite(httpServer, root);
const app = createApp({
  database,
  storage,
  site,
  secureHeaders: isProduction,
  logRequests: env.LOG_REQUESTS ? env.LOG_REQUESTS === 'true' : isProduction,
  rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
  trustProxy: env.TRUST_PROXY,
});
httpServer.on('request', app);

httpServer.listen(env.PORT, env.HOST, () => {
  const where = database.kind === 'postgres' ? 'Postgres (DATABASE_URL)' : `embedded PGlite in ${env.DATA_DIR}/`;
  const photos = storage.kind === 's3' ? `photos in S3 bucket ${env.S3_BUCKET}` : `photos in ${env.DATA_DIR}/uploads/`;
  console.log(
    `Site ready on http://localhost:${env.PORT} (${isProduction ? 'production' : 'development'}, ${where}, ${photos})`,
  );
});

/** S3 when S3_BUCKET is set (credentials come from the standard AWS variables), otherwise local disk. */
async function openStorage(env: Env): Promise<PhotoStorage> {
  if (env.S3_BUCKET && env.S3_REGION) {
    const { createS3Storage } = await import('./services/storage/s3');
    return createS3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
      prefix: env.S3_PREFIX,
    });
  }
  return createLocalDiskStorage({
    dir: path.join(dataDir, 'uploads'),
    secret: await loadSigningSecret(dataDir, env.UPLOAD_SIGNING_SECRET),
  });
}

let closing = false;
function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(`${signal} received, closing`);
  httpServer.close(() => {
    void database.close().finally(() => process.exit(0));
  });
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));

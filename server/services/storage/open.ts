import path from 'node:path';
import type { Env } from '../../env';
import { createLocalDiskStorage } from './local-disk';
import { loadS3 } from './load-s3';
import type { PhotoStorage } from './types';
import { createLocalSiteImages, createS3SiteImages, type SiteImageStore } from './site-images';
import { loadSigningSecret } from './url-signing';

/** The S3 settings of the environment, when S3_BUCKET is set (credentials come from the standard AWS variables). */
export function s3Settings(env: Env) {
  if (!env.S3_BUCKET || !env.S3_REGION) return undefined;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
    prefix: env.S3_PREFIX,
  };
}

/** S3 when S3_BUCKET is set, otherwise local disk in `dataDir`/uploads: the server's and the backup commands' storage. */
export async function openConfiguredStorage(env: Env, dataDir: string): Promise<PhotoStorage> {
  const s3 = s3Settings(env);
  if (s3) {
    const { createS3Storage } = await loadS3();
    return createS3Storage(s3);
  }
  return createLocalDiskStorage({
    dir: path.join(dataDir, 'uploads'),
    secret: await loadSigningSecret(dataDir, env.UPLOAD_SIGNING_SECRET),
  });
}

/** The owner's project photos: beside the quote photos (the same bucket with S3_BUCKET), in `project-photos/`. */
export function openSiteImages(env: Env, dataDir: string): SiteImageStore {
  const s3 = s3Settings(env);
  if (s3) return createS3SiteImages(s3);
  return createLocalSiteImages(path.join(dataDir, 'uploads', 'project-photos'));
}

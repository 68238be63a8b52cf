import { onFirstUse } from '../first-use';
import { loadOnce } from '../load-once';
import type { S3StorageConfig } from './s3';

/**
 * The AWS SDK (through ./s3): loaded the first time something stored in S3 is used, so a site
 * without S3 settings never loads it (64 MB and about 0.2 CPU-s at start, docs/operations.md). The
 * quote photos, the owner's site images and the nightly backups to S3 all load it through here.
 */
export const loadS3 = onFirstUse('the AWS SDK (S3)', () => import('./s3'));

/**
 * For a store in S3 made at start-up (the site images, the backups' destination): the SDK's module
 * and a client for `config`, both made when the store is first used, then shared.
 */
export function s3ClientOnFirstUse(config: Omit<S3StorageConfig, 'bucket' | 'prefix'>) {
  return loadOnce(async () => {
    const s3 = await loadS3();
    return { s3, client: s3.createS3Client(config) };
  });
}

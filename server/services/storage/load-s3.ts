import { onFirstUse } from '../first-use';

/**
 * The AWS SDK (through ./s3): loaded the first time something stored in S3 is used, so a site
 * without S3 settings never loads it (64 MB and about 0.2 CPU-s at start, docs/operations.md). The
 * quote photos, the owner's site images and the nightly backups to S3 all load it through here.
 */
export const loadS3 = onFirstUse('the AWS SDK (S3)', () => import('./s3'));

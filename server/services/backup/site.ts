import path from 'node:path';
import type { DatabaseHandle } from '../../db/client';
import type { Env } from '../../env';
import { s3Settings } from '../storage/open';
import type { PhotoStorage } from '../storage/types';
import type { BackupSource } from './backup';
import { folderDestination, s3Destination, type BackupDestination } from './destinations';
import type { RestoreTarget } from './restore';

/** The nightly backups' destination the environment configures (BACKUP_DIR or BACKUP_S3_PREFIX), if any. */
export function configuredDestination(env: Env, root: string): BackupDestination | undefined {
  if (env.BACKUP_DIR) return folderDestination(path.resolve(root, env.BACKUP_DIR));
  const s3 = s3Settings(env);
  if (env.BACKUP_S3_PREFIX && s3) return s3Destination(s3, env.BACKUP_S3_PREFIX);
  return undefined;
}

/** The running site as a backup's source: its database, storage and DATA_DIR, the backups themselves left out. */
export function siteBackupSource(
  env: Env,
  deps: { database: DatabaseHandle; storage: PhotoStorage; dataDir: string; destination?: BackupDestination },
): BackupSource {
  return {
    database: deps.database,
    storage: deps.storage,
    dataDir: deps.dataDir,
    siteUrl: env.SITE_URL,
    skipPaths: deps.destination?.localFolder ? [deps.destination.localFolder] : [],
    skipKeyPrefix: deps.destination?.storageKeyPrefix,
  };
}

export function siteRestoreTarget(
  env: Env,
  deps: { database: DatabaseHandle; storage: PhotoStorage; dataDir: string; destination?: BackupDestination },
): RestoreTarget {
  return {
    database: deps.database,
    storage: deps.storage,
    dataDir: deps.dataDir,
    siteUrl: env.SITE_URL,
    skipKeyPrefix: deps.destination?.storageKeyPrefix,
  };
}

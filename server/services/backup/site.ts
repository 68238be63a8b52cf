import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseHandle } from '../../db/client';
import type { Env } from '../../env';
import type { Logger } from '../../logger';
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

/** A backup on the disk it protects dies with it: said at start-up. */
export async function warnIfSameDisk(folder: string, dataDir: string, logger: Logger): Promise<void> {
  await mkdir(folder, { recursive: true, mode: 0o700 }).catch(() => {});
  const [backups, data] = await Promise.all([stat(folder).catch(() => null), stat(dataDir).catch(() => null)]);
  if (backups && data && backups.dev === data.dev)
    logger.warn(
      { backupDir: folder, dataDir },
      'BACKUP_DIR is on the same disk as DATA_DIR: a dead disk takes the backups with it; use another disk, or BACKUP_S3_PREFIX',
    );
}

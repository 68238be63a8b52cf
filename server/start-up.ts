import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { setupLinkHours, setupPath } from '@shared/schemas/owner-setup';
import type { Env } from './env';
import type { Logger } from './logger';
import { keepNewFilesPrivate, makePrivateFolder, makeTreePrivate } from './private-files';
import type { SetupLinks } from './services/owner/setup-link';
import { createLocalSiteImages, createS3SiteImages, type SiteImageStore } from './services/storage/site-images';

/**
 * What server/index.ts does once at start besides wiring the parts: DATA_DIR made private, the
 * backup disk checked, the project photos' store, and the first password's set-up link.
 */

/**
 * DATA_DIR is the site's alone (server/private-files.ts): what this process and its children
 * create from now on is 0600/0700, and what an older version left readable is corrected once.
 */
export async function keepDataDirPrivate(dataDir: string, env: Env, logger: Logger) {
  keepNewFilesPrivate();
  await makePrivateFolder(dataDir);
  const { corrected, refused } = await makeTreePrivate(dataDir);
  if (corrected > 0)
    logger.info(
      { corrected, dataDir: env.DATA_DIR },
      `DATA_DIR: ${corrected} files and folders other users of the machine could open were made private (folders 0700, files 0600)`,
    );
  if (refused > 0)
    logger.warn(
      { refused, dataDir: env.DATA_DIR },
      `DATA_DIR: ${refused} files and folders belong to another user and could not be made private: give them to the user the site runs as`,
    );
}

/** A backup on the disk it protects dies with it: say so at start-up. */
export async function warnIfSameDisk(folder: string, dataDir: string, logger: Logger) {
  await mkdir(folder, { recursive: true, mode: 0o700 }).catch(() => {});
  const [backups, data] = await Promise.all([stat(folder).catch(() => null), stat(dataDir).catch(() => null)]);
  if (backups && data && backups.dev === data.dev)
    logger.warn(
      { backupDir: folder, dataDir },
      'BACKUP_DIR is on the same disk as DATA_DIR: a dead disk takes the backups with it; use another disk, or BACKUP_S3_PREFIX',
    );
}

/** The owner's project photos: beside the quote photos (the same bucket with S3_BUCKET), in `project-photos/`. */
export function openSiteImages(env: Env, dataDir: string): SiteImageStore {
  if (env.S3_BUCKET && env.S3_REGION) {
    return createS3SiteImages({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
      prefix: env.S3_PREFIX,
    });
  }
  return createLocalSiteImages(path.join(dataDir, 'uploads', 'project-photos'));
}

/**
 * No owner password yet: a new set-up link, in one line of the log a person finds (`docker compose
 * logs site`, the service's journal), and by e-mail to the owner when mail works.
 */
export async function announceSetupLink(
  setup: SetupLinks,
  options: { mailReady: boolean; siteUrl: string; logger: Logger },
) {
  const made = await setup.atStart({ mailReady: options.mailReady });
  if (!made) return;
  const link = new URL(setupPath(made.token), options.siteUrl).toString();
  options.logger.warn(
    { emailed: made.emailed },
    `No owner password yet: open ${link} to set it (works once, for ${setupLinkHours} hours; a new link at each start until it is set)`,
  );
}

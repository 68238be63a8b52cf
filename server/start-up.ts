import { setupLinkHours, setupPath } from '@shared/schemas/owner-setup';
import type { Env } from './env';
import type { Logger } from './logger';
import { keepNewFilesPrivate, makePrivateFolder, makeTreePrivate } from './private-files';
import type { SetupLinks } from './services/owner/setup-link';

/**
 * What server/index.ts does once at start besides wiring the parts: DATA_DIR made private and the
 * first password's set-up link (the backup disk's check and the photos' store are with their services).
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

import { arizonaDateTime } from '@shared/arizona-time';
import type { BeforeMigrating, DatabaseHandle } from '../../db/client';
import type { Logger } from '../../logger';
import { describeBackup, type BackupSource } from './backup';
import { beforeUpdateName, type BackupDestination } from './destinations';
import { migrationLevel, readJournal } from './migrations';
import { removeBeyondKeep } from './scheduler';

/**
 * Updates that cannot lose anything: a start that is about to apply migrations to a database that
 * has some already (an update, not a new site) first writes a backup like the nightly one, to the
 * same destination, kept by the same rule (BACKUP_KEEP), and says so in the log. A backup that
 * fails stops the start before anything is migrated; without a destination the log says there
 * is none. `source`: the site as a backup's source, on the database being opened.
 */
export function backupBeforeMigrations(options: {
  destination: BackupDestination | undefined;
  keep: number;
  source: (database: DatabaseHandle) => BackupSource;
  logger: Logger;
  now?: () => Date;
}): BeforeMigrating {
  const { destination, logger } = options;
  return async (database, migrations) => {
    const journal = await readJournal(migrations);
    const level = await database.withSession((session) => migrationLevel(session, journal));
    const pending = journal.filter((entry) => level.lastWhen === null || entry.when > level.lastWhen).length;
    if (level.count === 0 || pending === 0) return;
    if (!destination) {
      logger.warn(
        { pending },
        'migrations to apply and no backup destination (BACKUP_DIR or BACKUP_S3_PREFIX): no backup before them',
      );
      return;
    }
    const [day, time] = arizonaDateTime((options.now ?? (() => new Date()))()).split(' ') as [string, string];
    const name = beforeUpdateName(day, time.replace(':', ''));
    try {
      const result = await destination.write(name, options.source(database));
      const deleted = await removeBeyondKeep(destination, options.keep);
      logger.info(
        { name, destination: destination.description, pending, deleted, summary: describeBackup(result) },
        `backup written before ${pending} migration${pending === 1 ? '' : 's'}`,
      );
    } catch (error) {
      throw new Error(
        `The backup before the update's migrations failed, so nothing was migrated: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
  };
}

import { arizonaDay } from '@shared/arizona-time';
import { safeError, type Logger } from '../../logger';
import type { MailMessage } from '../alerts/types';
import { describeBackup, type BackupSource } from './backup';
import { nightlyName, type BackupDestination } from './destinations';

/** Any constant: the advisory lock that lets one server process at a time take the nightly backup. */
const nightlyLock = 72_164_035;

/** Arizona keeps Mountain Standard Time all year (UTC-7, no daylight saving; shared/arizona-time.ts). */
const arizonaOffsetHours = 7;

/** The first `hour`:00 Arizona time strictly after `now`. */
export function nextNightlyRun(now: Date, hour: number): Date {
  const [year, month, day] = arizonaDay(now).split('-').map(Number) as [number, number, number];
  const today = new Date(Date.UTC(year, month - 1, day, hour + arizonaOffsetHours));
  return today > now ? today : new Date(today.getTime() + 24 * 3_600_000);
}

export type NightlyOutcome =
  | { status: 'done'; name: string; deleted: string[] }
  | { status: 'skipped'; reason: string }
  | { status: 'failed'; error: unknown };

export interface BackupSchedulerOptions {
  source: BackupSource;
  destination: BackupDestination;
  /** BACKUP_HOUR: when, Arizona time. */
  hour: number;
  /** BACKUP_KEEP: how many backups stay; older ones are deleted after a new one is checked. */
  keep: number;
  /** Tells the owner that a backup failed (an e-mail). */
  notifyFailure: (error: unknown) => Promise<void>;
  logger: Logger;
  now?: () => Date;
  timers?: { set: (run: () => void, ms: number) => unknown; clear: (handle: unknown) => void };
}

/**
 * The nightly backup: at `hour` Arizona time, one backup to the destination, named after the
 * night, then the oldest deleted past `keep`. Every server process runs this scheduler; one
 * takes the backup: a Postgres advisory lock keeps a second from starting while one runs, and a
 * process that comes after finds that night's backup already there. A failure is logged and
 * e-mailed to the owner; the next night tries again.
 */
export function createBackupScheduler(options: BackupSchedulerOptions) {
  const { destination, logger } = options;
  const now = options.now ?? (() => new Date());
  const timers = options.timers ?? {
    set: (run: () => void, ms: number) => setTimeout(run, ms).unref(),
    clear: (handle: unknown) => clearTimeout(handle as NodeJS.Timeout),
  };
  let timer: unknown;
  let running: Promise<unknown> | undefined;
  let started = false;

  async function runNight(at: Date): Promise<NightlyOutcome> {
    const name = nightlyName(arizonaDay(at));
    try {
      const outcome = await options.source.database.withSession(async (session) => {
        const [lock] = await session.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
          nightlyLock,
        ]);
        if (!lock?.locked) return { status: 'skipped', reason: 'another server process is taking it' } as const;
        try {
          const existing = await destination.list();
          if (existing.includes(name)) return { status: 'skipped', reason: `${name} is already there` } as const;
          const result = await destination.write(name, options.source);
          logger.info(
            { name, destination: destination.description, summary: describeBackup(result) },
            'nightly backup written and checked',
          );
          const deleted = await removeBeyondKeep(destination, options.keep);
          return { status: 'done', name, deleted } as const;
        } finally {
          await session.query('select pg_advisory_unlock($1)', [nightlyLock]);
        }
      });
      if (outcome.status === 'skipped') logger.info({ name, reason: outcome.reason }, 'nightly backup skipped');
      return outcome;
    } catch (error) {
      logger.error({ error: safeError(error), name, destination: destination.description }, 'nightly backup failed');
      await options.notifyFailure(error).catch((mailError: unknown) => {
        logger.error({ error: safeError(mailError) }, 'the e-mail about the failed backup could not be sent');
      });
      return { status: 'failed', error };
    }
  }

  function schedule() {
    if (!started) return;
    const at = nextNightlyRun(now(), options.hour);
    timer = timers.set(
      () => {
        running = runNight(at).finally(() => {
          running = undefined;
          schedule();
        });
      },
      Math.max(0, at.getTime() - now().getTime()),
    );
  }

  return {
    runNight,
    /** The time of the next backup (after start()). */
    nextRun: () => nextNightlyRun(now(), options.hour),
    start() {
      if (started) return;
      started = true;
      schedule();
    },
    async stop() {
      started = false;
      timers.clear(timer);
      await running;
    },
  };
}

export type BackupScheduler = ReturnType<typeof createBackupScheduler>;

/** BACKUP_KEEP's rule: the oldest backups past `keep` deleted, after a new one is written and checked. */
export async function removeBeyondKeep(destination: BackupDestination, keep: number): Promise<string[]> {
  const all = await destination.list();
  const deleted = all.slice(0, Math.max(0, all.length - keep));
  for (const old of deleted) await destination.remove(old);
  return deleted;
}

/** The e-mail to the owner when a nightly backup failed. */
export function backupFailureMessage(
  error: unknown,
  settings: { from: string; ownerEmail: string; siteUrl: string; destination: string },
): MailMessage {
  const reason = error instanceof Error ? error.message : String(error);
  return {
    from: settings.from,
    to: settings.ownerEmail,
    subject: 'The nightly backup of the website failed',
    text: [
      `Last night's backup of ${settings.siteUrl} to ${settings.destination} failed:`,
      '',
      `  ${reason}`,
      '',
      'The requests, notes and photos are still on the server; only the copy is missing. The server tries again',
      'tomorrow night. If this comes again, check that the backup folder or bucket is reachable and has room,',
      'or take one by hand with `npm run backup -- site.tar.gz` (see "Backups" in docs/owner-guide.md).',
    ].join('\n'),
  };
}

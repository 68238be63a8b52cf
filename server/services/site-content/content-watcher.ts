import { emptySiteContent } from '@shared/content/site-content';
import type { DatabaseHandle } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/errors';
import { safeError, silentLogger, type Logger } from '../../logger';
import { readContentVersion } from './content-version';
import { loadSiteContent, type VersionedContent } from './site-content';

/** How often each server asks whether the content version moved (CONTENT_CHECK_SECONDS). */
export const defaultContentCheckMs = 2_000;

/**
 * Called with each new snapshot before it becomes current (the site switches its pages to it
 * here: site-pages.ts); the snapshot becomes current only once every listener resolved, so what
 * GET /api/site-content answers and what the pages show are always the same version.
 */
export type ContentListener = (next: VersionedContent, previous: VersionedContent) => Promise<void>;

export interface SiteContentWatcher {
  /** The snapshot the pages show now. */
  current(): VersionedContent;
  /** Adds a listener; call before start(). */
  onChange(listener: ContentListener): void;
  /** Loads the first snapshot (listeners included) and starts polling. */
  start(): Promise<void>;
  /**
   * Checks the version now: after this server committed a change, so its own pages show it at
   * once. Resolves when the check (and the listeners it called) is done; never rejects.
   */
  refresh(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Each server process keeps the site's content per version: it reads the one-row version every
 * `intervalMs` (a primary-key read) and, when it moved, loads the snapshot and hands it to the
 * listeners. Any number of processes on one Postgres see a change within one interval plus the
 * render, whichever of them committed it. A failed check (the database away) keeps the pages as
 * they are and tries again at the next interval.
 */
export function createContentWatcher(options: {
  database: DatabaseHandle;
  intervalMs?: number;
  logger?: Logger;
}): SiteContentWatcher {
  const { database, intervalMs = defaultContentCheckMs } = options;
  const logger = options.logger ?? silentLogger;
  const listeners: ContentListener[] = [];
  /** Version -1: nothing loaded yet (the build's pages are served meanwhile). */
  let current: VersionedContent = { version: -1, changedAt: new Date(0), content: emptySiteContent };
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** The check under way: checks run one after the other. */
  let checking: Promise<void> = Promise.resolve();

  async function check(): Promise<void> {
    if ((await readContentVersion(database.db)) === current.version) return;
    const next = await loadSiteContent(database);
    if (next.version === current.version) return;
    const previous = current;
    for (const listener of listeners) await listener(next, previous);
    current = next;
    logger.info({ version: next.version, projects: next.content.projects.length }, 'site content version');
  }

  function queueCheck(): Promise<void> {
    checking = checking.then(() =>
      check().catch((error: unknown) => {
        logger[isDatabaseUnavailable(error) ? 'warn' : 'error'](
          { error: safeError(error) },
          'site content check failed; the pages stay as they are',
        );
      }),
    );
    return checking;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => void queueCheck().finally(schedule), intervalMs);
    timer.unref();
  }

  return {
    current: () => current,
    onChange(listener) {
      listeners.push(listener);
    },
    async start() {
      await queueCheck();
      schedule();
    },
    refresh: queueCheck,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await checking;
    },
  };
}

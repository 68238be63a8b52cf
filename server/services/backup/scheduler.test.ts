import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute, openDatabase } from '../../db/client';
import { openTestSite, startTestS3, type TestSite } from '../../test/backup-sites';
import { freshPostgresDatabase } from '../../test/databases';
import { postgresReachable } from '../../test/databases';
import { realPhotos, setupTimeout, tempDir } from '../../test/http';
import { silentLogger } from '../../logger';
import { createMailer } from '../alerts/mailer';
import { createS3Client } from '../storage/s3';
import { readArchive, verifyArchiveFile } from './archive';
import { folderDestination, nightlyName, s3Destination } from './destinations';
import { backupFailureMessage, createBackupScheduler, nextNightlyRun } from './scheduler';

/** The nightly backup on a fake clock: when it runs, what it keeps, that one process takes it, and the e-mail when it fails. */

let work: Awaited<ReturnType<typeof tempDir>>;
let site: TestSite;
beforeAll(async () => {
  work = await tempDir('nightly');
  site = await openTestSite({ kind: 'pglite' });
  await execute(
    site.database.db,
    sql`insert into quote_requests (name, phone, email, project_type, city, budget_range) values ('N', '1', 'n@example.com', 'Deck', 'Payson', 'x')`,
  );
}, setupTimeout);
afterAll(async () => {
  await site.close();
  await work.remove();
});

const source = (database = site.database) => ({
  database,
  storage: site.storage,
  dataDir: site.dataDir,
  siteUrl: site.siteUrl,
});

describe('the nightly backup', { timeout: 60_000 }, () => {
  it('runs at the next 3:00 Arizona time (UTC-7 all year)', () => {
    expect(nextNightlyRun(new Date('2026-05-04T22:00:00Z'), 3).toISOString()).toBe('2026-05-05T10:00:00.000Z');
    expect(nextNightlyRun(new Date('2026-05-04T09:59:00Z'), 3).toISOString()).toBe('2026-05-04T10:00:00.000Z');
    expect(nextNightlyRun(new Date('2026-05-04T10:00:00Z'), 3).toISOString()).toBe('2026-05-05T10:00:00.000Z');
    // A January night too: no daylight saving in Arizona.
    expect(nextNightlyRun(new Date('2026-01-10T06:30:00Z'), 3).toISOString()).toBe('2026-01-10T10:00:00.000Z');
  });

  it('writes a checked backup named after the night when its timer fires, and keeps the last BACKUP_KEEP', async () => {
    const folder = path.join(work.dir, 'kept');
    await mkdir(folder, { recursive: true });
    for (const day of ['2026-04-28', '2026-04-29', '2026-04-30', '2026-05-01'])
      await writeFile(path.join(folder, nightlyName(day)), 'old');
    await writeFile(path.join(folder, 'notes.txt'), 'not a backup');
    let clock = new Date('2026-05-04T22:00:00Z'); // 3 PM in Arizona
    const scheduled: { run: () => void; ms: number }[] = [];
    const scheduler = createBackupScheduler({
      source: source(),
      destination: folderDestination(folder),
      hour: 3,
      keep: 3,
      logger: silentLogger,
      notifyFailure: async () => {},
      now: () => clock,
      timers: { set: (run, ms) => scheduled.push({ run, ms }), clear: () => {} },
    });
    scheduler.start();
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]!.ms).toBe(12 * 3600_000);
    clock = new Date('2026-05-05T10:00:00Z');
    scheduled[0]!.run();
    await scheduler.stop();
    const names = await readdir(folder);
    expect(names.sort()).toEqual([
      'notes.txt',
      nightlyName('2026-04-30'),
      nightlyName('2026-05-01'),
      nightlyName('2026-05-05'),
    ]);
    const { manifest } = await verifyArchiveFile(path.join(folder, nightlyName('2026-05-05')));
    expect(manifest.tables.find((table) => table.name === 'quote_requests')?.rows).toBe(1);
    // The night's backup is there: a second run that night does nothing.
    const again = createBackupScheduler({
      source: source(),
      destination: folderDestination(folder),
      hour: 3,
      keep: 3,
      logger: silentLogger,
      notifyFailure: async () => {},
    });
    expect(await again.runNight(new Date('2026-05-05T10:00:30Z'))).toMatchObject({ status: 'skipped' });
  });

  it('writes the nightly backup to BACKUP_S3_PREFIX in the site’s bucket, keeps the last BACKUP_KEEP, and leaves the backups out of the next', async () => {
    const s3 = await startTestS3();
    const s3Site = await openTestSite({ kind: 'pglite', s3: { server: s3 } });
    try {
      await execute(
        s3Site.database.db,
        sql`insert into quote_requests (name, phone, email, project_type, city, budget_range) values ('S', '1', 's@example.com', 'Deck', 'Pine', 'x')`,
      );
      await s3Site.storage.storePhoto(
        { content: (await realPhotos()).jpeg, contentType: 'image/jpeg' },
        s3Site.siteUrl,
      );
      const destination = s3Destination(
        {
          bucket: s3.bucket,
          region: 'us-east-1',
          endpoint: s3.endpoint,
          forcePathStyle: true,
          credentials: s3.credentials,
        },
        'nightly/',
      );
      expect(destination.description).toBe(`s3://${s3.bucket}/nightly/`);
      const nights = ['2026-05-04', '2026-05-05', '2026-05-06'];
      for (const night of nights) {
        const scheduler = createBackupScheduler({
          source: { ...source(s3Site.database), storage: s3Site.storage, skipKeyPrefix: destination.storageKeyPrefix },
          destination,
          hour: 3,
          keep: 2,
          logger: silentLogger,
          notifyFailure: async () => {
            throw new Error('the nightly backup failed');
          },
        });
        expect(await scheduler.runNight(new Date(`${night}T10:00:30Z`))).toMatchObject({ status: 'done' });
      }
      expect(await destination.list()).toEqual([nightlyName('2026-05-05'), nightlyName('2026-05-06')]);

      // The last one, fetched from the bucket: the site's rows and its photo, and no earlier backup inside.
      const client = createS3Client({
        region: 'us-east-1',
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: s3.credentials,
      });
      const object = await client.send(
        new GetObjectCommand({ Bucket: s3.bucket, Key: `nightly/${nightlyName('2026-05-06')}` }),
      );
      const { manifest } = await readArchive(object.Body as Readable);
      expect(manifest.tables.find((table) => table.name === 'quote_requests')?.rows).toBe(1);
      expect(manifest.objects).toHaveLength(1);
      expect(manifest.objects.every((entry) => !entry.key.startsWith('nightly/'))).toBe(true);
    } finally {
      await s3Site.close();
      await s3.close();
    }
  });

  it.runIf(postgresReachable)('is taken by one server process when several share the database', async () => {
    const created = await freshPostgresDatabase('nightly');
    const [first, second] = [
      await openDatabase({ databaseUrl: created.url }),
      await openDatabase({ databaseUrl: created.url }),
    ];
    try {
      const folder = path.join(work.dir, 'shared');
      const make = (database: typeof first) =>
        createBackupScheduler({
          source: source(database),
          destination: folderDestination(folder),
          hour: 3,
          keep: 14,
          logger: silentLogger,
          notifyFailure: async () => {},
        });
      const night = new Date('2026-05-05T10:00:00Z');
      const outcomes = await Promise.all([make(first).runNight(night), make(second).runNight(night)]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['done', 'skipped']);
      expect(await readdir(folder)).toEqual([nightlyName('2026-05-05')]);
    } finally {
      await first.close();
      await second.close();
      await created.drop();
    }
  });

  it('e-mails the owner when it fails', async () => {
    const blocked = path.join(work.dir, 'a-file-not-a-folder');
    await writeFile(blocked, 'x');
    const outbox = path.join(work.dir, 'outbox');
    const mailer = createMailer({ outboxDir: outbox, logger: silentLogger });
    const destination = folderDestination(path.join(blocked, 'backups'));
    const scheduler = createBackupScheduler({
      source: source(),
      destination,
      hour: 3,
      keep: 14,
      logger: silentLogger,
      notifyFailure: async (error) => {
        await mailer.send(
          backupFailureMessage(error, {
            from: 'Site <site@example.com>',
            ownerEmail: 'owner@example.com',
            siteUrl: 'https://www.example.com',
            destination: destination.description,
          }),
        );
      },
    });
    expect(await scheduler.runNight(new Date('2026-05-05T10:00:00Z'))).toMatchObject({ status: 'failed' });
    const [mail] = await readdir(outbox);
    const text = await readFile(path.join(outbox, mail!), 'utf8');
    expect(text).toMatch(/To: owner@example.com/);
    expect(text).toMatch(/Subject: The nightly backup of the website failed/);
    expect(text).toMatch(/ENOTDIR|not a directory/);
  });
});

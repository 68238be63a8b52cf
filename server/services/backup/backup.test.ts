import { createReadStream } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { execute, migrationsFolder } from '../../db/client';
import { tableContents } from '../../test/backup-sites';
import { kinds, otherKind, photoDigests, backupFixtures } from '../../test/backup-fixtures';
import { entryBytes, readArchive } from './archive';
import { backupToFile, describeBackup } from './backup';
import { listTables } from './catalog';
import { migrationsUpTo, readJournal } from './migrations';
import { silentLogger } from '../../logger';
import { startSmtpServer } from '../../test/smtp';
import { createAlertDispatch } from '../alerts/dispatch';
import { createMailer } from '../alerts/mailer';
import { createOutboxWorker } from '../outbox/outbox-worker';

/**
 * The backup and the restore as the operator relies on them: a site's every table and stored
 * file, from PGlite or Postgres, into the other, with nothing lost or changed but the photo links
 * (which follow the new storage and address); consistent while requests arrive; from an older
 * version of the site. Between local disk and S3: backup-storage.test.ts; what a restore refuses:
 * restore-refusals.test.ts; photos missing or interrupted: restore-photos.test.ts.
 */

const { site, seed, backUp, restore, archivePath } = backupFixtures();

describe.each(kinds)('a backup of a site on %s', (kind) => {
  const targetKind = otherKind(kind);

  it(`restores into ${targetKind} with every row, photo and secret as it was`, async () => {
    const source = await site({ kind });
    const seeded = await seed(source);
    const { file, result } = await backUp(source);
    expect(result.manifest.tables.find((table) => table.name === 'quote_requests')?.rows).toBe(3);
    expect(result.manifest.tables.find((table) => table.name === 'test_projects')?.rows).toBe(2);
    expect(result.manifest.objects).toHaveLength(2);
    expect(result.manifest.migrations.lastTag).toBe('0100_test_projects');
    expect(describeBackup(result).join('\n')).toMatch(/quote_requests: 3/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    // The new site at its first start: it created its own keys and secrets.
    const target = await site({ kind: targetKind, siteUrl: source.siteUrl });
    await execute(target.database.db, sql`insert into vapid_keys (public_key, private_key) values ('new', 'new')`);
    await execute(target.database.db, sql`insert into server_secrets (name, value) values ('contact-tap-salt', 'new')`);
    await mkdir(target.dataDir, { recursive: true });
    await writeFile(path.join(target.dataDir, 'upload-secret'), 'new-secret');

    const restored = await restore(file, target);
    expect(restored.rows).toBe(result.manifest.tables.reduce((sum, table) => sum + table.rows, 0));
    expect(await tableContents(target.database)).toEqual(await tableContents(source.database));
    expect(await photoDigests(target)).toEqual(seeded.photos);
    expect(await readFile(path.join(target.dataDir, 'upload-secret'), 'utf8')).toBe(
      'old-upload-secret-that-is-long-enough-0123',
    );

    // Sequences go on after the restored rows (and after the number the old site had taken).
    const { rows } = await execute<{ id: number }>(
      target.database.db,
      sql`insert into test_projects (title) values ('New') returning id`,
    );
    expect(Number(rows[0]!.id)).toBe(4);
    const photo = await execute<{ id: number }>(
      target.database.db,
      sql`insert into test_project_photos (project_id, image_key, image_url) values (1, 'k', 'u') returning id`,
    );
    expect(Number(photo.rows[0]!.id)).toBe(3);

    // The restored site's outbox, over a real SMTP server: the confirmations that were waiting go,
    // once each; the owner's alerts that had gone are not sent again.
    const smtp = await startSmtpServer();
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: target.dataDir, logger: silentLogger });
    try {
      const dispatch = createAlertDispatch({
        database: target.database,
        storage: target.storage,
        mailer,
        settings: { from: 'Site <site@example.com>', ownerEmail: 'owner@example.com', siteUrl: target.siteUrl },
        origins: [target.siteUrl],
      });
      const outbox = createOutboxWorker({ database: target.database, deliver: dispatch.deliver, logger: silentLogger });
      expect(await outbox.runOnce()).toBe(3);
      expect(await outbox.runOnce()).toBe(0);
      expect(
        smtp.received.map((mail) => (mail.to && 'value' in mail.to ? mail.to.value[0]?.address : null)).sort(),
      ).toEqual(['p0@example.com', 'p1@example.com', 'p2@example.com']);
      const states = await execute<{ kind: string; status: string }>(
        target.database.db,
        sql`select kind, status from deliveries order by kind, status`,
      );
      expect(new Set(states.rows.map((row) => `${row.kind}:${row.status}`))).toEqual(
        new Set(['confirmation:sent', 'owner_alert:sent']),
      );
    } finally {
      mailer.close();
      await smtp.close();
    }
  }, 120_000);

  it('is consistent while requests keep arriving: no request is in it without its state and notes', async () => {
    const source = await site({ kind });
    let writing = true;
    let written = 0;
    const writer = async () => {
      while (writing) {
        await source.database.transaction(async (tx) => {
          const { rows } = await execute<{ id: string }>(
            tx,
            sql`insert into quote_requests (name, phone, email, project_type, city, budget_range)
                  values ('Busy', '1', 'b@example.com', 'Deck', 'Payson', 'x') returning id`,
          );
          const id = rows[0]!.id;
          await execute(tx, sql`insert into quote_request_states (quote_request_id) values (${id})`);
          await execute(
            tx,
            sql`insert into quote_request_notes (quote_request_id, body) values (${id}, 'one'), (${id}, 'two')`,
          );
        });
        written++;
        // Requests arrive from the network: let timers and I/O run between them (PGlite answers without yielding).
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const writers = [writer(), writer(), writer()];
    const failed = Promise.all(writers).then(() => 'stopped');
    const deadline = Date.now() + 20_000;
    while (written < 20 && Date.now() < deadline)
      expect(await Promise.race([failed, new Promise((resolve) => setTimeout(resolve, 5, 'writing'))])).toBe('writing');
    const { file } = await backUp(source);
    writing = false;
    await Promise.all(writers);

    const rows: Record<string, string[][]> = {};
    await readArchive(createReadStream(file), {
      onEntry: async (entry) => {
        const table = decodeURIComponent(entry.name.split('/')[1]!);
        if (!entry.name.startsWith('db/')) return;
        rows[table] = [
          ...(rows[table] ?? []),
          ...(await entryBytes(entry))
            .toString()
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as string[]),
        ];
      },
    });
    const requests = new Set((rows.quote_requests ?? []).map((row) => row[0]));
    expect(requests.size).toBeGreaterThanOrEqual(20);
    expect(requests.size).toBeLessThan(written + 1);
    const states = (rows.quote_request_states ?? []).map((row) => row[0]);
    expect(new Set(states)).toEqual(requests);
    const notes = (rows.quote_request_notes ?? []).map((row) => row[1]);
    expect(notes).toHaveLength(requests.size * 2);
    expect(new Set(notes)).toEqual(requests);
  }, 120_000);

  it('from an older version of the site loads at its own migration level, then the newer migrations run over it', async () => {
    // A site of the first version: only quote_requests (0000). Migration 0001 gave every request a status.
    const firstVersion = await migrationsUpTo(migrationsFolder, {
      count: 1,
      lastWhen: (await readJournal(migrationsFolder))[0]!.when,
      lastTag: null,
    });
    try {
      const old = await site({ kind, migrations: firstVersion.folder });
      await execute(
        old.database.db,
        sql`insert into quote_requests (name, phone, email, project_type, city, budget_range, created_at)
              values ('Early', '1', 'e@example.com', 'Deck', 'Payson', 'x', '2025-01-02T03:04:05Z')`,
      );
      const file = archivePath();
      const { manifest } = await backupToFile(
        { database: old.database, storage: old.storage, dataDir: null, siteUrl: old.siteUrl, migrationsFolder },
        file,
      );
      expect(manifest.migrations).toMatchObject({ count: 1, lastTag: '0000_create_quote_requests' });

      const target = await site({ kind: otherKind(kind), migrate: false });
      await restore(file, target);
      const { rows } = await execute<{ name: string; status: string; updated_at: string }>(
        target.database.db,
        sql`select q.name, s.status, s.updated_at::text from quote_requests q join quote_request_states s on s.quote_request_id = q.id`,
      );
      expect(rows).toEqual([{ name: 'Early', status: 'new', updated_at: expect.stringMatching(/^2025-01-0[12]/) }]);
      // And the target is at the current level: the newest tables are there.
      const tables = await target.database.withSession(listTables);
      expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['server_secrets', 'test_projects']));
    } finally {
      await firstVersion.remove();
    }
  }, 120_000);
});

describe('a backup of an empty site', () => {
  it('holds the schema level and nothing else, and restores', { timeout: 120_000 }, async () => {
    const empty = await site({ kind: 'pglite' });
    const { file, result } = await backUp(empty);
    expect(result.manifest.objects).toEqual([]);
    // Only the rows migrations make: the content version, 0 until the owner publishes, and the
    // settings' one row, empty until he saves his details.
    const seeded = (name: string) => name === 'site_content_version' || name === 'site_settings';
    expect(
      result.manifest.tables.every((table) => seeded(table.name) || (table.rows === 0 && table.parts.length === 0)),
    ).toBe(true);
    const target = await site({ kind: 'pglite', migrate: false });
    await restore(file, target);
    const contents = await tableContents(target.database);
    expect(Object.entries(contents).flatMap(([name, rows]) => (seeded(name) ? [] : rows))).toEqual([]);
    expect(contents.site_content_version).toHaveLength(1);
  });
});

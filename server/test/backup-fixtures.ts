import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { execute } from '../db/client';
import { setOwnerPassword } from '../services/owner/owner-sessions';
import { ArchiveWriter, entryBytes, readArchive, type Manifest } from '../services/backup/archive';
import { backupToFile } from '../services/backup/backup';
import { restoreBackup, type RestoreOptions } from '../services/backup/restore';
import { openTestSite, tableContents, testMigrations, type DatabaseKind, type TestSite } from './backup-sites';
import { postgresReachable } from './databases';
import { realPhotos, setupTimeout, tempDir } from './http';

/**
 * What the backup tests share: a work folder, the test migrations, real photos, sites closed
 * after the file's tests, a seeded site, taking and restoring a backup, an archive crafted from a
 * real one (its checksums consistent, its content not), and the whole state of a target (every
 * row, stored file and data file with its mode) to compare before and after a refused restore.
 */

export const kinds: DatabaseKind[] = postgresReachable ? ['pglite', 'postgres'] : ['pglite'];
export const otherKind = (kind: DatabaseKind): DatabaseKind =>
  postgresReachable && kind === 'pglite' ? 'postgres' : 'pglite';
export const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export function backupFixtures() {
  let work: Awaited<ReturnType<typeof tempDir>>;
  let migrations: Awaited<ReturnType<typeof testMigrations>>;
  let photos: Awaited<ReturnType<typeof realPhotos>>;
  const sites: TestSite[] = [];

  beforeAll(async () => {
    work = await tempDir('backup-test');
    migrations = await testMigrations();
    photos = await realPhotos();
  }, setupTimeout);

  afterAll(async () => {
    for (const site of sites) await site.close().catch(() => {});
    await migrations.remove();
    await work.remove();
  }, setupTimeout);

  const archivePath = () => path.join(work.dir, `${randomUUID()}.tar.gz`);
  const fixtures = {
    get migrations() {
      return migrations.folder;
    },
    get photos() {
      return photos;
    },
    archivePath,

    async site(options: Parameters<typeof openTestSite>[0]): Promise<TestSite> {
      const opened = await openTestSite({ migrations: migrations.folder, ...options });
      sites.push(opened);
      return opened;
    },

    seed: (target: TestSite) => seed(target, photos),

    async backUp(source: TestSite, file = archivePath()) {
      const result = await backupToFile(
        {
          database: source.database,
          storage: source.storage,
          dataDir: source.dataDir,
          siteUrl: source.siteUrl,
          migrationsFolder: migrations.folder,
        },
        file,
      );
      return { file, result };
    },

    restore: (file: string, target: TestSite, options: RestoreOptions = {}) =>
      restoreBackup(file, restoreTarget(target, migrations.folder), options),

    target: (site: TestSite) => restoreTarget(site, migrations.folder),

    /**
     * A copy of the archive in `file` changed by `edit` (entries by name, and the manifest but its
     * checksums), written with every checksum right: it passes the check of the archive itself.
     */
    async craft(file: string, edit: (entries: Map<string, Buffer>, manifest: Manifest) => void): Promise<string> {
      const entries = new Map<string, Buffer>();
      const { manifest } = await readArchive(createReadStream(file), {
        onEntry: async (entry) => void entries.set(entry.name, await entryBytes(entry)),
      });
      const { entries: _checksums, ...rest } = manifest;
      edit(entries, rest as Manifest);
      const crafted = archivePath();
      const writer = new ArchiveWriter(createWriteStream(crafted));
      for (const [name, content] of entries) await writer.add(name, content);
      await writer.finish(rest);
      return crafted;
    },
  };
  return fixtures;
}

export function restoreTarget(site: TestSite, migrationsFolder: string) {
  return {
    database: site.database,
    storage: site.storage,
    dataDir: site.dataDir,
    siteUrl: site.siteUrl,
    migrationsFolder,
  };
}

export async function photoDigests(target: TestSite): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for await (const object of target.storage.objects.list())
    found.set(object.key, digest((await target.storage.objects.read(object.key)).content));
  return found;
}

/** Every file below DATA_DIR (stored photos included) with its mode and SHA-256. */
export async function dataDirFiles(dataDir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const names = await readdir(dataDir, { recursive: true }).catch(() => [] as string[]);
  for (const name of names.sort()) {
    const file = path.join(dataDir, name);
    const info = await stat(file);
    files[name] = `${(info.mode & 0o777).toString(8)} ${info.isFile() ? digest(await readFile(file)) : 'folder'}`;
  }
  return files;
}

/** All a restore could change: every row, every stored object, every file of DATA_DIR. */
export async function targetState(target: TestSite) {
  return {
    rows: await tableContents(target.database),
    objects: Object.fromEntries(await photoDigests(target)),
    files: await dataDirFiles(target.dataDir),
  };
}

export interface Seeded {
  /** Photo key -> SHA-256 of its bytes. */
  photos: Map<string, string>;
  photoUrls: string[];
  requestIds: string[];
}

/**
 * A site in use: requests with photos, notes, statuses, lead sources, sent and pending messages,
 * the owner's password and the server's secrets, and the test tables (projects referring to
 * themselves and to their photos, which refer back).
 */
export async function seed(target: TestSite, photos: Awaited<ReturnType<typeof realPhotos>>): Promise<Seeded> {
  const { db } = target.database;
  const stored = [
    await target.storage.storePhoto({ content: photos.jpeg, contentType: 'image/jpeg' }, target.siteUrl),
    await target.storage.storePhoto({ content: photos.png, contentType: 'image/png' }, target.siteUrl),
  ];
  const seeded: Seeded = { photos: new Map(), photoUrls: stored.map((photo) => photo.photoUrl), requestIds: [] };
  for (const photo of stored) {
    const object = await target.storage.objects.read(photo.key);
    seeded.photos.set(photo.key, digest(object.content));
  }
  for (const [index, name] of ['Ann O’Neil', 'Bob "Bobby" Ray', 'Cruz\nNewline'].entries()) {
    const photo = stored[index];
    const { rows } = await execute<{ id: string }>(
      db,
      sql`insert into quote_requests (name, phone, email, project_type, city, budget_range, photo_url, message, created_at)
          values (${name}, ${`(928) 555-010${index}`}, ${`p${index}@example.com`}, 'Deck', 'Payson', '$10,000 - $25,000',
                  ${photo?.photoUrl ?? null}, ${index === 2 ? null : 'Tab\there, emoji 🪵, backslash \\ end'},
                  ${`2026-05-0${index + 1}T15:04:05.123456Z`})
          returning id`,
    );
    const id = rows[0]!.id;
    seeded.requestIds.push(id);
    await execute(
      db,
      sql`insert into quote_request_states (quote_request_id, status, first_answered_at, first_answered_via)
          values (${id}, ${['new', 'contacted', 'won'][index]!}, ${index > 0 ? '2026-05-05T01:02:03Z' : null}, ${index > 0 ? 'call' : null})`,
    );
    await execute(
      db,
      sql`insert into quote_request_notes (quote_request_id, body) values (${id}, ${`Note ${index} ✓`})`,
    );
    await execute(
      db,
      sql`insert into quote_request_sources (quote_request_id, source, medium, campaign, captured_by, touches)
          values (${id}, 'google', 'cpc', 'spring', 'script',
                  ${JSON.stringify({ first: { source: 'google', medium: 'cpc', at: '2026-05-01T00:00:00Z' } })}::jsonb)`,
    );
    await execute(
      db,
      sql`insert into deliveries (quote_request_id, kind, status, attempts, sent_at)
          values (${id}, 'owner_alert', 'sent', 1, now()), (${id}, 'confirmation', 'pending', 0, null)`,
    );
    if (photo) await execute(db, sql`insert into photo_uploads (key, claimed_at) values (${photo.key}, now())`);
  }
  await setOwnerPassword(target.database.transaction, 'a long owner password');
  await execute(db, sql`insert into vapid_keys (public_key, private_key) values ('old-public', 'old-private')`);
  await execute(db, sql`insert into server_secrets (name, value) values ('contact-tap-salt', 'old-salt')`);
  await execute(
    db,
    sql`insert into contact_taps (day, source, page, kind, count) values ('2026-05-04', 'direct', '/', 'call', 3)`,
  );
  // Projects: the second is the first's child; each features a photo that belongs to it.
  await execute(db, sql`insert into test_projects (title, quote_request_id) values ('Deck', ${seeded.requestIds[0]!})`);
  await execute(db, sql`insert into test_projects (title, parent_id) values ('Deck stairs', 1)`);
  await execute(
    db,
    sql`insert into test_project_photos (project_id, image_key, image_url, width, sizes)
        values (1, ${stored[0]!.key}, ${stored[0]!.photoUrl}, 0.1, '{320,640}'), (2, ${stored[1]!.key}, ${stored[1]!.photoUrl}, 1.5, null)`,
  );
  await execute(
    db,
    sql`update test_projects set featured_photo_id = id,
          gallery = ${JSON.stringify([{ url: stored[0]!.photoUrl, caption: 'Before' }, 'plain text'])}::jsonb`,
  );
  // A number taken and never used: the sequence is ahead of the highest id.
  await execute(db, sql`select nextval('test_projects_id_seq')`);
  // An estimate visit booked for the second request.
  await execute(
    db,
    sql`insert into visits (quote_request_id, starts_at, ends_at, address)
        values (${seeded.requestIds[1]!}, '2026-06-01T16:00:00Z', '2026-06-01T17:00:00Z', '12 Pine St, Payson')`,
  );
  await mkdir(path.join(target.dataDir, 'outbox'), { recursive: true });
  await writeFile(path.join(target.dataDir, 'upload-secret'), 'old-upload-secret-that-is-long-enough-0123', {
    mode: 0o600,
  });
  await writeFile(path.join(target.dataDir, 'outbox', '20260504-0102-abc.eml'), 'Subject: New request\r\n\r\nAnn', {
    mode: 0o600,
  });
  return seeded;
}

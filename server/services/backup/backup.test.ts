import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute, migrationsFolder } from '../../db/client';
import {
  openTestSite,
  startTestS3,
  tableContents,
  testMigrations,
  type DatabaseKind,
  type TestS3,
  type TestSite,
} from '../../test/backup-sites';
import { postgresReachable } from '../../test/databases';
import { realPhotos, setupTimeout, tempDir } from '../../test/http';
import { setOwnerPassword } from '../owner/owner-sessions';
import { ArchiveError, readArchive, verifyArchiveFile } from './archive';
import { backupToFile, describeBackup } from './backup';
import { listTables } from './catalog';
import { migrationsUpTo, readJournal } from './migrations';
import { createLocalSiteImages, createS3SiteImages } from '../storage/site-images';
import { restoreBackup, TargetNotEmptyError, whatIsThere } from './restore';
import { silentLogger } from '../../logger';
import { startSmtpServer } from '../../test/smtp';
import { createAlertDispatch } from '../alerts/dispatch';
import { createMailer } from '../alerts/mailer';
import { createOutboxWorker } from '../outbox/outbox-worker';

/**
 * The backup and the restore as the operator relies on them: a site's every table and stored
 * file, from PGlite or Postgres, local disk or S3, into the other, with nothing lost or changed
 * but the photo links (which follow the new storage and address); consistent while requests
 * arrive; refusing a non-empty target and a damaged archive before writing anything.
 */

const kinds: DatabaseKind[] = postgresReachable ? ['pglite', 'postgres'] : ['pglite'];
const otherKind = (kind: DatabaseKind): DatabaseKind =>
  postgresReachable && kind === 'pglite' ? 'postgres' : 'pglite';
const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

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

async function site(options: Parameters<typeof openTestSite>[0]): Promise<TestSite> {
  const opened = await openTestSite({ migrations: migrations.folder, ...options });
  sites.push(opened);
  return opened;
}
const archivePath = () => path.join(work.dir, `${randomUUID()}.tar.gz`);

interface Seeded {
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
async function seed(target: TestSite): Promise<Seeded> {
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
  await writeFile(path.join(target.dataDir, 'upload-secret'), 'old-upload-secret-that-is-long-enough-0123', {
    mode: 0o600,
  });
  return seeded;
}

async function backUp(source: TestSite, file = archivePath()) {
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
}

const restore = (file: string, target: TestSite, options: { replace?: boolean } = {}) =>
  restoreBackup(
    file,
    {
      database: target.database,
      storage: target.storage,
      dataDir: target.dataDir,
      siteUrl: target.siteUrl,
      migrationsFolder: migrations.folder,
    },
    options,
  );

async function photoDigests(target: TestSite): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for await (const object of target.storage.objects.list())
    found.set(object.key, digest((await target.storage.objects.read(object.key)).content));
  return found;
}

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
  }, 60_000);

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
      onEntry: (name, content) => {
        const table = decodeURIComponent(name.split('/')[1]!);
        if (!name.startsWith('db/')) return;
        rows[table] = [
          ...(rows[table] ?? []),
          ...content
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
  }, 60_000);

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
  }, 60_000);
});

describe('the restore refuses', { timeout: 60_000 }, () => {
  let source: TestSite;
  let file: string;
  beforeAll(async () => {
    source = await site({ kind: 'pglite' });
    await seed(source);
    file = (await backUp(source)).file;
  }, setupTimeout);

  /** A new site's database and storage, for the restores refused before anything is written. */
  let blank: TestSite;
  beforeAll(async () => {
    blank = await site({ kind: 'pglite', migrate: false });
  }, setupTimeout);

  const untouched = async (target: TestSite) => {
    expect(await target.database.withSession(listTables)).toEqual([]);
    expect(await readdir(target.dataDir, { recursive: true })).toEqual(['uploads']);
  };

  it('a database that holds requests, and replaces them when told --replace', async () => {
    const target = await site({ kind: otherKind('pglite') });
    await execute(
      target.database.db,
      sql`insert into quote_requests (name, phone, email, project_type, city, budget_range) values ('Other', '1', 'o@example.com', 'Deck', 'Payson', 'x')`,
    );
    const refused = await restore(file, target).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TargetNotEmptyError);
    expect((refused as Error).message).toMatch(/already holds data \(quote_requests: 1 row\).*--replace/);
    const names = await execute<{ name: string }>(target.database.db, sql`select name from quote_requests`);
    expect(names.rows).toEqual([{ name: 'Other' }]);

    await restore(file, target, { replace: true });
    expect(await tableContents(target.database)).toEqual(await tableContents(source.database));
  }, 60_000);

  it('a storage that holds files', async () => {
    const target = await site({ kind: 'pglite', migrate: false });
    await target.storage.storePhoto({ content: photos.jpeg, contentType: 'image/jpeg' }, target.siteUrl);
    await expect(restore(file, target)).rejects.toThrow(/1 stored file \(local-disk\)/);
    expect(await target.database.withSession(listTables)).toEqual([]);
    expect(await whatIsThere({ ...target, migrationsFolder: migrations.folder })).toHaveLength(1);
  });

  it('a truncated archive, before writing anything', async () => {
    const cut = archivePath();
    await writeFile(cut, await readFile(file));
    await truncate(cut, Math.floor((await stat(cut)).size * 0.6));
    await expect(restore(cut, blank)).rejects.toThrow(/ends too early: it is incomplete/);
    await untouched(blank);
  });

  it('an archive with one byte changed, or an entry changed behind its checksum, before writing anything', async () => {
    const bytes = await readFile(file);
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    const damaged = archivePath();
    await writeFile(damaged, flipped);
    await expect(restore(damaged, blank)).rejects.toBeInstanceOf(ArchiveError);

    // A valid tar.gz whose request rows were edited (same length) without updating the manifest.
    const tarBytes = gunzipSync(bytes);
    const at = tarBytes.indexOf(Buffer.from('Ann O'));
    expect(at).toBeGreaterThan(0);
    tarBytes.write('Eve O', at, 'utf8');
    const altered = archivePath();
    await writeFile(altered, gzipSync(tarBytes));
    await expect(verifyArchiveFile(altered)).rejects.toThrow(/quote_requests.*does not match its checksum/);
    await expect(restore(altered, blank)).rejects.toThrow(/does not match its checksum/);
    await untouched(blank);
  });

  it('an archive of a newer version of the site, before writing anything', async () => {
    const { file: newer } = await backUp(source);
    const older = await migrationsUpTo(migrations.folder, {
      count: 6,
      lastWhen: (await readJournal(migrations.folder))[5]!.when,
      lastTag: null,
    });
    try {
      await expect(
        restoreBackup(newer, {
          database: blank.database,
          storage: blank.storage,
          dataDir: blank.dataDir,
          siteUrl: blank.siteUrl,
          migrationsFolder: older.folder,
        }),
      ).rejects.toThrow(/newer version of the site.*Update the site's code/);
      await untouched(blank);
    } finally {
      await older.remove();
    }
  });
});

describe('a backup moved between local disk and S3', { timeout: 90_000 }, () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3();
  }, setupTimeout);
  afterAll(() => s3.close());

  it('points every photo link and key at the new storage, and back', async () => {
    const local = await site({ kind: 'pglite', siteUrl: 'https://old-site.example' });
    const seeded = await seed(local);
    const { file } = await backUp(local);

    const onS3 = await site({
      kind: otherKind('pglite'),
      s3: { server: s3, prefix: 'site' },
      siteUrl: 'https://new-site.example',
    });
    const result = await restore(file, onS3);
    expect(result.linksRewritten).toBeGreaterThanOrEqual(6);
    const { rows } = await execute<{ photo_url: string | null }>(
      onS3.database.db,
      sql`select photo_url from quote_requests order by created_at`,
    );
    const s3Photos = new Map<string, string>();
    for await (const object of onS3.storage.objects.list())
      s3Photos.set(object.key, digest((await onS3.storage.objects.read(object.key)).content));
    expect([...s3Photos.values()].sort()).toEqual([...seeded.photos.values()].sort());
    for (const row of rows.slice(0, 2)) {
      const key = onS3.storage.keyOf(row.photo_url!, [onS3.siteUrl]);
      expect(key).toMatch(/^site\/quote-photos\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
      expect(await onS3.storage.hasPhoto(key!)).toBe(true);
      expect((await onS3.storage.readPhoto(key!, 1e7))?.contentType).toMatch(/^image\//);
    }
    expect(rows[2]!.photo_url).toBeNull();
    const projectPhotos = await execute<{ image_key: string; image_url: string }>(
      onS3.database.db,
      sql`select image_key, image_url from test_project_photos order by id`,
    );
    for (const photo of projectPhotos.rows) {
      expect(s3Photos.has(photo.image_key)).toBe(true);
      expect(onS3.storage.keyOf(photo.image_url, [])).toBe(photo.image_key);
    }
    const gallery = await execute<{ gallery: { url: string }[] }>(
      onS3.database.db,
      sql`select gallery from test_projects where id = 1`,
    );
    expect(onS3.storage.keyOf(gallery.rows[0]!.gallery[0]!.url, [])).toBe(projectPhotos.rows[0]!.image_key);
    const uploads = await execute<{ key: string }>(onS3.database.db, sql`select key from photo_uploads`);
    for (const upload of uploads.rows) expect(s3Photos.has(upload.key)).toBe(true);

    // And back to local disk on yet another address.
    const { file: fromS3 } = await backUp(onS3);
    const back = await site({ kind: 'pglite', siteUrl: 'https://third-site.example' });
    await restore(fromS3, back);
    const urls = await execute<{ photo_url: string | null }>(
      back.database.db,
      sql`select photo_url from quote_requests order by created_at`,
    );
    expect(urls.rows.map((row) => row.photo_url)).toEqual([
      seeded.photoUrls[0]!.replace('https://old-site.example', 'https://third-site.example'),
      seeded.photoUrls[1]!.replace('https://old-site.example', 'https://third-site.example'),
      null,
    ]);
    expect(await photoDigests(back)).toEqual(seeded.photos);
  }, 90_000);
  it("moves the owner's project photos with the site: from local disk to S3 and back, byte for byte", async () => {
    // The names the project photo service gives: the variants of one photo, and a share image of two.
    const [before, after] = [randomUUID(), randomUUID()];
    const images = new Map([
      [`${before}-640.avif`, photos.jpeg],
      [`${before}-1280.jpg`, photos.png],
      [`${before}_${after}-share.jpg`, photos.jpeg],
    ]);
    const local = await site({ kind: 'pglite', siteUrl: 'https://old-site.example' });
    const localImages = createLocalSiteImages(path.join(local.dataDir, 'uploads', 'project-photos'));
    for (const [name, bytes] of images) await localImages.put(name, bytes, 'image/jpeg');
    const { file } = await backUp(local);

    const onS3 = await site({
      kind: otherKind('pglite'),
      s3: { server: s3, prefix: 'moved' },
      siteUrl: 'https://new-site.example',
    });
    await restore(file, onS3);
    const s3Images = createS3SiteImages({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: s3.credentials,
      prefix: 'moved',
    });
    for (const [name, bytes] of images) expect(digest((await s3Images.get(name))!)).toBe(digest(bytes));

    const { file: fromS3 } = await backUp(onS3);
    const back = await site({ kind: 'pglite', siteUrl: 'https://third-site.example' });
    await restore(fromS3, back);
    const backImages = createLocalSiteImages(path.join(back.dataDir, 'uploads', 'project-photos'));
    for (const [name, bytes] of images) expect(digest((await backImages.get(name))!)).toBe(digest(bytes));
  }, 90_000);
});

describe('a backup of an empty site', () => {
  it('holds the schema level and nothing else, and restores', { timeout: 60_000 }, async () => {
    const empty = await site({ kind: 'pglite' });
    const { file, result } = await backUp(empty);
    expect(result.manifest.objects).toEqual([]);
    // Only the row a migration makes: the content version, 0 until the owner publishes.
    const seeded = (name: string) => name === 'site_content_version';
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

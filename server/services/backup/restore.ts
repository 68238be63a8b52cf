import { createReadStream } from 'node:fs';
import { migrationsFolder, type DatabaseHandle } from '../../db/client';
import type { PhotoStorage } from '../storage/types';
import { entryBytes, readArchive, verifyArchiveFile, type Manifest } from './archive';
import { listTables, qualified, textFormatSettings } from './catalog';
import { entriesUpTo, migrateInTransaction, readJournal } from './migrations';
import { describeMissing, missingFrom, photoReferences, type PhotoReference } from './photo-references';
import { FilesStepError, restoreFiles, type FilesResult } from './restore-files';
import { linkRewriter } from './restore-links';
import { isBackedUpDataFile, neverRestoredTables, startUpRows } from './restore-policy';
import { resetDatabase, resetTextFormat, tableLoader } from './table-loader';

export { FilesStepError };

/** Where a backup is restored to: the new site's database (opened without migrating), storage and DATA_DIR. */
export interface RestoreTarget {
  database: DatabaseHandle;
  storage: PhotoStorage;
  dataDir: string | null;
  /** The new site's address (SITE_URL): photo links on local disk point there. */
  siteUrl: string;
  /** Storage keys starting with this are not the site's (the nightly backups in the same bucket). */
  skipKeyPrefix?: string;
  migrationsFolder?: string;
}

export interface RestoreResult {
  manifest: Manifest;
  rows: number;
  objects: number;
  dataFiles: number;
  /** Values that were photo links or storage keys of the old site, now the new site's. */
  linksRewritten: number;
  files: FilesResult;
  /** Photos the rows refer to that the archive did not hold (restored anyway with allowMissingPhotos). */
  missingPhotos: PhotoReference[];
}

export interface RestoreOptions {
  replace?: boolean;
  /** Restore even when rows refer to photos the archive does not hold. */
  allowMissingPhotos?: boolean;
  log?: (line: string) => void;
  /** The manifest of a check of the whole archive done just before (verifyArchiveFile); otherwise done here. */
  verified?: Manifest;
}

/**
 * Tables a server fills by itself at its first start (its keys and secrets) or with passing
 * state (rate-limit counters): rows there do not make a database non-empty, and the backup's
 * replace them.
 */
export const serverCreatedTables: readonly string[] = [
  'vapid_keys',
  'server_secrets',
  'rate_limits',
  // Its one row is made by its migration (0006): the content version, 0 until the owner publishes.
  'site_content_version',
  // Its one row is made by its migration (0013): the owner's settings, empty until he saves them.
  'site_settings',
];

/** The restore did not happen: the target's rows and files are as they were. */
export class RestoreRefusedError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'RestoreRefusedError';
  }
}

/** The database or storage already holds a site's data and `--replace` was not given. */
export class TargetNotEmptyError extends RestoreRefusedError {
  constructor(readonly found: string[]) {
    super(
      `Nothing was restored: the target already holds data (${found.join('; ')}). ` +
        'Restore into an empty database and storage, or run again with --replace to delete what is there and put the backup in its place.',
    );
    this.name = 'TargetNotEmptyError';
  }
}

/**
 * Restores the backup in `file`. Nothing of the target changes until the database commits:
 * 1. reads the whole archive and checks every entry against the manifest (checksums, sizes, no
 *    entry the manifest does not refer to), that this version of the site has the archive's
 *    migrations, that its data files are ones a backup writes, and that the target is empty
 *    (unless `replace`);
 * 2. in ONE transaction: drops the site's schema, migrates to the archive's level, loads every
 *    table (its tables and columns must exist there, every row must fit; photo links and keys
 *    rewritten for the new storage and address; sequences set), runs the newer migrations, and
 *    checks every photo the rows refer to is in the archive. Any failure rolls all of it back;
 * 3. after the commit, the files step (restoreFiles): photos written (those already there with
 *    the same bytes kept), DATA_DIR's files written, then the objects the restored site does not
 *    have removed. It can be run again (finishRestore) when it stops: FilesStepError.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const log = options.log ?? (() => {});
  const folder = target.migrationsFolder ?? migrationsFolder;
  const manifest = await refusedUnless(async () => {
    const checked = options.verified ?? (await verifyArchiveFile(file)).manifest;
    if (!options.verified) log('The archive is complete and every entry matches its checksum.');
    return checked;
  });
  const atLevel = await refusedUnless(async () => entriesUpTo(await readJournal(folder), manifest.migrations));
  checkDataFiles(manifest);
  const found = await whatIsThere(target);
  if (found.length > 0 && !options.replace) throw new TargetNotEmptyError(found);
  if (found.length > 0) log(`Replacing what was there: ${found.join('; ')}.`);

  const links = linkRewriter(manifest, target);
  const { rows, missing } = await refusedUnless(() =>
    target.database.sqlTransaction('write', async (session) => {
      await resetDatabase(session);
      await migrateInTransaction(session, folder, atLevel.length);
      for (const setting of textFormatSettings) await session.query(setting);
      const loader = await tableLoader(session, manifest, links.rewrite);
      await readArchive(createReadStream(file), {
        expected: manifest,
        onEntry: async (entry) => {
          if (entry.name.startsWith('db/')) await loader.part(entry.name, await entryBytes(entry));
        },
      });
      const loaded = await loader.finish();
      await resetTextFormat(session);
      await migrateInTransaction(session, folder);
      const missingPhotos = missingFrom(manifest, await photoReferences(session));
      if (missingPhotos.length > 0 && !options.allowMissingPhotos)
        throw new RestoreRefusedError(describeMissing(missingPhotos));
      return { rows: loaded, missing: missingPhotos };
    }),
  );
  log(`The database is restored: ${rows} rows, committed.`);
  if (missing.length > 0) log(`Restored without ${missing.length} missing photos (--allow-missing-photos).`);

  const files = await restoreFiles(file, manifest, target, log);
  return {
    manifest,
    rows,
    objects: manifest.objects.length,
    dataFiles: files.dataFiles,
    linksRewritten: links.count(),
    files,
    missingPhotos: missing,
  };
}

/**
 * Runs the files step of a restore again, after it stopped (FilesStepError): the database already
 * holds the backup's rows. Refused when those rows refer to photos this archive does not hold
 * (another archive than the one restored), unless `allowMissingPhotos`.
 */
export async function finishRestore(
  file: string,
  target: RestoreTarget,
  options: Omit<RestoreOptions, 'replace'> = {},
): Promise<FilesResult> {
  const manifest = await refusedUnless(async () => options.verified ?? (await verifyArchiveFile(file)).manifest);
  checkDataFiles(manifest);
  const missing = await target.database.withSession(async (session) => {
    const [restored] = await session.query<{ table: string | null }>(
      `select to_regclass('drizzle.__drizzle_migrations')::text as "table"`,
    );
    if (!restored?.table)
      throw new RestoreRefusedError('The database holds no restored site: run the whole restore, not --resume.');
    return missingFrom(manifest, await photoReferences(session));
  });
  if (missing.length > 0 && !options.allowMissingPhotos)
    throw new RestoreRefusedError(`${describeMissing(missing)} Is this the archive the database was restored from?`);
  return restoreFiles(file, manifest, target, options.log);
}

/** Runs `work`; any failure is a RestoreRefusedError (the target is as it was), saying what was wrong. */
async function refusedUnless<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RestoreRefusedError) throw error;
    throw new RestoreRefusedError(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

/** Only the data files a backup writes (restore-policy.ts); the archive's modes are not used. */
function checkDataFiles(manifest: Manifest): void {
  for (const dataFile of manifest.dataFiles)
    if (!isBackedUpDataFile(dataFile.path))
      throw new RestoreRefusedError(
        `The archive holds a data file ${dataFile.path}, which no backup writes (only upload-secret and outbox/*.eml): refused.`,
      );
}

/** What the target holds: tables with rows (but those a server fills by itself) and stored objects. */
export async function whatIsThere(target: RestoreTarget): Promise<string[]> {
  const found = await target.database.withSession(async (session) => {
    const tables: string[] = [];
    for (const table of await listTables(session)) {
      if (serverCreatedTables.includes(table.name) || neverRestoredTables.includes(table.name)) continue;
      const [row] = await session.query<{ count: number }>(
        `select count(*)::int as count from ${qualified(table.name)}${table.name in startUpRows ? ` where not (${startUpRows[table.name]})` : ''}`,
      );
      if (row && Number(row.count) > 0)
        tables.push(`${table.name}: ${row.count} row${Number(row.count) === 1 ? '' : 's'}`);
    }
    return tables;
  });
  let objects = 0;
  for await (const object of target.storage.objects.list())
    if (!target.skipKeyPrefix || !object.key.startsWith(target.skipKeyPrefix)) objects++;
  if (objects > 0) found.push(`${objects} stored file${objects === 1 ? '' : 's'} (${target.storage.kind})`);
  return found;
}

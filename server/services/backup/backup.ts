import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { migrationsFolder, type DatabaseHandle } from '../../db/client';
import type { PhotoStorage } from '../storage/types';
import {
  ArchiveError,
  ArchiveWriter,
  archiveFormat,
  entryCaps,
  archiveVersion,
  verifyArchiveFile,
  type ArchiveSummary,
  type Manifest,
  type ManifestDataFile,
  type ManifestObject,
} from './archive';
import { dumpDatabase } from './dump';
import { readJournal } from './migrations';
import { isBackedUpDataFile } from './restore-policy';
import { pdfCacheFolder } from '../pdf/pdf-maker';

/** What a backup is taken of: the site's database, its storage and its DATA_DIR. */
export interface BackupSource {
  database: DatabaseHandle;
  storage: PhotoStorage;
  /** DATA_DIR: the files the server keeps there (the upload secret, mail written to files) go in too. */
  dataDir: string | null;
  /** The site's address when the backup was taken, for the record. */
  siteUrl: string;
  /** Folders or files in DATA_DIR left out besides the database, the photos and backups (BACKUP_DIR when inside it). */
  skipPaths?: readonly string[];
  /** Storage keys starting with this are left out: the nightly backups, when they share the bucket. */
  skipKeyPrefix?: string;
  migrationsFolder?: string;
}

export interface BackupResult {
  manifest: Manifest;
  archive: ArchiveSummary;
  /** Files of DATA_DIR not taken: an e-mail of the outbox over the 1 MB a restore accepts. */
  leftOut?: string[];
}

/**
 * What DATA_DIR holds that is not copied as files: the database (dumped), the photos (as
 * objects), the backup channel, the pages compressed for SITE_URL (a cache, made again at start);
 * of the rest only the files isBackedUpDataFile names are taken.
 */
const dataDirSkipped = new Set(['pglite', 'pglite.lock', 'uploads', 'backup-channel', 'site-cache']);
/** Files in DATA_DIR that are backups themselves, or being written. */
const isArchiveFile = (name: string) => /\.(partial|tar\.gz)$/.test(name);

/**
 * Writes the whole site into a tar.gz on `out`: the database first (one consistent snapshot,
 * see dumpDatabase), then every object in storage (listed after the snapshot, so every photo the
 * snapshot's requests refer to is there), then DATA_DIR's own files, then the manifest.
 */
export async function writeBackup(source: BackupSource, out: Writable): Promise<BackupResult> {
  const folder = source.migrationsFolder ?? migrationsFolder;
  const staging = await mkdtemp(path.join(os.tmpdir(), 'rcc-backup-'));
  const writer = new ArchiveWriter(out);
  try {
    const dump = await dumpDatabase(source.database, await readJournal(folder), staging);
    for (const table of dump.tables)
      for (const part of table.parts) await writer.add(part, await readFile(dump.files.get(part)!));
    await rm(staging, { recursive: true, force: true });

    const objects: ManifestObject[] = [];
    const names = new Set<string>();
    for await (const info of source.storage.objects.list()) {
      if (source.skipKeyPrefix && info.key.startsWith(source.skipKeyPrefix)) continue;
      const name = source.storage.objects.nameOf(info.key);
      // Stored PDFs are made again from the database when missing: not worth their bytes here.
      if (name.startsWith(`${pdfCacheFolder}/`)) continue;
      if (names.has(name)) throw new Error(`Two stored objects have the name ${name} (${info.key})`);
      const object = await source.storage.objects.read(info.key).catch((error: unknown) => {
        if (isNotFound(error)) return null; // deleted since it was listed (an upload no request used)
        throw error;
      });
      if (!object) continue;
      names.add(name);
      const entry = `objects/${name}`;
      await writer.add(entry, object.content, { mtime: info.modifiedAt });
      objects.push({
        entry,
        name,
        key: info.key,
        bytes: object.content.length,
        contentType: object.contentType,
        storedAt: info.modifiedAt.toISOString(),
      });
    }

    const dataFiles: ManifestDataFile[] = [];
    const leftOut: string[] = [];
    if (source.dataDir) {
      const skipped = new Set((source.skipPaths ?? []).map((skip) => path.resolve(skip)));
      for await (const file of walk(path.resolve(source.dataDir), '', skipped)) {
        if (file.bytes > entryCaps.data) {
          leftOut.push(`${file.path} (${formatBytes(file.bytes)}, more than a restore takes)`);
          continue;
        }
        const content = await readFile(file.file).catch(() => null);
        if (!content || content.length > entryCaps.data) continue;
        const entry = `data/${file.path}`;
        await writer.add(entry, content, { mode: file.mode });
        dataFiles.push({ entry, path: file.path, bytes: content.length, mode: file.mode });
      }
    }

    const written = await writer.finish({
      format: archiveFormat,
      version: archiveVersion,
      createdAt: new Date().toISOString(),
      source: {
        database: source.database.kind,
        postgres: dump.postgres,
        storage: source.storage.kind,
        siteUrl: source.siteUrl,
      },
      migrations: dump.migrations,
      tables: dump.tables,
      sequences: dump.sequences,
      objects,
      dataFiles,
    });
    return leftOut.length > 0 ? { ...written, leftOut } : written;
  } catch (error) {
    writer.abort(error instanceof Error ? error : new Error(String(error)));
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Writes the backup to `file` (through `<file>.partial`, readable by its owner only), reads the
 * whole of it back and checks it against what was written, and only then gives it its name.
 */
export async function backupToFile(source: BackupSource, file: string): Promise<BackupResult> {
  const partial = `${file}.partial`;
  try {
    const out = createWriteStream(partial, { mode: 0o600 });
    const written = await writeBackup(source, out);
    await checkWritten(partial, written);
    await rename(partial, file);
    return written;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** Reads the archive in `file` back and confirms it is the one written. */
export async function checkWritten(file: string, written: BackupResult): Promise<void> {
  const read = await verifyArchiveFile(file);
  if (read.archive.sha256 !== written.archive.sha256 || read.archive.bytes !== written.archive.bytes)
    throw new ArchiveError(`The backup read back from ${file} is not the one written: the disk may be failing.`);
}

/** What a backup holds, in a few lines for the operator. */
export function describeBackup(result: BackupResult): string[] {
  const { manifest, archive } = result;
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const objectBytes = manifest.objects.reduce((sum, object) => sum + object.bytes, 0);
  return [
    `Database: ${manifest.tables.length} tables, ${rows} rows (${manifest.source.database}, migration ${manifest.migrations.lastTag ?? manifest.migrations.count})`,
    ...manifest.tables.map((table) => `  ${table.name}: ${table.rows}`),
    `Stored files: ${manifest.objects.length} (${formatBytes(objectBytes)}, ${manifest.source.storage})`,
    `Files from the data folder: ${manifest.dataFiles.length}`,
    ...(result.leftOut ?? []).map((file) => `  left out: ${file}`),
    `Archive: ${formatBytes(archive.bytes)}, SHA-256 ${archive.sha256}`,
  ];
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

function isNotFound(error: unknown): boolean {
  const err = error as { code?: string; name?: string; $metadata?: { httpStatusCode?: number } };
  return err.code === 'ENOENT' || err.name === 'NoSuchKey' || err.$metadata?.httpStatusCode === 404;
}

async function* walk(
  folder: string,
  prefix: string,
  skipped: Set<string>,
): AsyncGenerator<{ path: string; bytes: number; mode: number; file: string }> {
  const entries = await readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const full = path.join(folder, entry.name);
    if (skipped.has(full) || (prefix === '' && dataDirSkipped.has(entry.name)) || isArchiveFile(entry.name)) continue;
    if (!/^[A-Za-z0-9._-]+$/.test(entry.name)) continue;
    if (entry.isDirectory()) yield* walk(full, `${prefix}${entry.name}/`, skipped);
    else if (entry.isFile() && isBackedUpDataFile(`${prefix}${entry.name}`)) {
      const info = await stat(full).catch(() => null);
      if (info) yield { path: `${prefix}${entry.name}`, bytes: info.size, mode: info.mode & 0o777, file: full };
    }
  }
}

import { createReadStream } from 'node:fs';
import { chmod, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PhotoStorage } from '../storage/types';
import { entryBytes, readArchive, type Manifest } from './archive';
import { linkRewriter } from './restore-links';
import { dataFileMode, dataFolderMode, isBackedUpDataFile } from './restore-policy';

/** Where the files of a restore go. */
export interface FilesTarget {
  storage: PhotoStorage;
  dataDir: string | null;
  siteUrl: string;
  skipKeyPrefix?: string;
}

export interface FilesResult {
  /** Stored objects written from the archive. */
  written: number;
  /** Stored objects already there with the same bytes (SHA-256), kept. */
  kept: number;
  dataFiles: number;
  /** Objects of the storage that are not the restored site's, removed last. */
  removed: number;
}

/** The photo step stopped after the database was committed: running it again finishes it. */
export class FilesStepError extends Error {
  constructor(
    cause: unknown,
    readonly file: string,
    readonly progress: { done: number; total: number },
  ) {
    super(
      `The database is restored, but putting the stored files in place stopped after ${progress.done} of ${progress.total} ` +
        `(${(cause as Error)?.message ?? String(cause)}). Once the cause is fixed, run \`npm run restore -- ${file} --resume\` ` +
        'to finish: files already in place are kept, the others written, then the old ones removed. Do not start the site before.',
      { cause },
    );
    this.name = 'FilesStepError';
  }
}

/**
 * The files step of a restore, once the database committed: every stored object of the archive
 * written under its new key (one already there with the same SHA-256 is kept, so running this
 * again after an interruption only writes what is missing), DATA_DIR's files written (mode 0600,
 * folders 0700, whatever the archive says), and only then the objects the restored site does not
 * have removed. Each object appears whole or not at all (StoredObjects.writeStream).
 */
export async function restoreFiles(
  file: string,
  manifest: Manifest,
  target: FilesTarget,
  log: (line: string) => void = () => {},
): Promise<FilesResult> {
  const links = linkRewriter(manifest, target);
  const objects = new Map(manifest.objects.map((object) => [object.entry, object]));
  const dataFiles = new Map(manifest.dataFiles.map((dataFile) => [dataFile.entry, dataFile]));
  const result: FilesResult = { written: 0, kept: 0, dataFiles: 0, removed: 0 };
  const total = manifest.objects.length + (target.dataDir ? manifest.dataFiles.length : 0);
  try {
    await readArchive(createReadStream(file), {
      expected: manifest,
      onEntry: async (entry) => {
        const object = objects.get(entry.name);
        if (object) {
          const key = links.keyOf(object.key);
          if ((await target.storage.objects.digest(key)) === manifest.entries[entry.name]!.sha256) result.kept++;
          else {
            await target.storage.objects.writeStream(key, entry.content, {
              contentType: object.contentType,
              bytes: entry.bytes,
            });
            result.written++;
          }
          return;
        }
        const dataFile = dataFiles.get(entry.name);
        if (dataFile && target.dataDir) {
          await writeDataFile(target.dataDir, dataFile.path, await entryBytes(entry));
          result.dataFiles++;
        }
      },
    });
  } catch (error) {
    throw new FilesStepError(error, file, { done: result.written + result.kept + result.dataFiles, total });
  }
  log(
    `Stored files: ${result.written} written, ${result.kept} already there; ${result.dataFiles} files of the data folder.`,
  );

  const restored = new Set(manifest.objects.map((object) => links.keyOf(object.key)));
  const stale: string[] = [];
  for await (const object of target.storage.objects.list())
    if (!restored.has(object.key) && !(target.skipKeyPrefix && object.key.startsWith(target.skipKeyPrefix)))
      stale.push(object.key);
  try {
    for (const key of stale) {
      await target.storage.objects.remove(key);
      result.removed++;
    }
  } catch (error) {
    throw new FilesStepError(error, file, { done: total, total });
  }
  if (stale.length > 0) log(`Removed ${stale.length} stored files the restored site does not have.`);
  return result;
}

/** Writes one of DATA_DIR's files (refusing any other path), readable by the site's user only. */
async function writeDataFile(dataDir: string, file: string, content: Buffer): Promise<void> {
  if (!isBackedUpDataFile(file)) throw new Error(`The archive names a data file ${file}: refused.`);
  const root = path.resolve(dataDir);
  const destination = path.join(root, ...file.split('/'));
  for (let folder = path.dirname(destination); ; folder = path.dirname(folder)) {
    await mkdir(folder, { recursive: true, mode: dataFolderMode });
    await chmod(folder, dataFolderMode);
    if (folder === root) break;
  }
  const temporary = `${destination}.restoring`;
  try {
    await writeFile(temporary, content, { mode: dataFileMode });
    await chmod(temporary, dataFileMode);
    await rename(temporary, destination);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

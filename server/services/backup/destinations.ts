import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { s3ClientOnFirstUse } from '../storage/load-s3';
import type { S3StorageConfig } from '../storage/s3';
import { ArchiveError, readArchive } from './archive';
import { backupToFile, type BackupResult, type BackupSource } from './backup';

/** Where the nightly backups go: a folder (BACKUP_DIR) or a prefix in the S3 bucket (BACKUP_S3_PREFIX). */
export interface BackupDestination {
  /** For the logs and the failure e-mail. */
  readonly description: string;
  /** Storage keys of the site's bucket that are these backups (left out of the backups themselves). */
  readonly storageKeyPrefix?: string;
  /** DATA_DIR's files that are these backups (when BACKUP_DIR is inside it). */
  readonly localFolder?: string;
  /** The names of the backups there, oldest first. */
  list(): Promise<string[]>;
  /** Writes a backup of `source` as `name`, reads it back and checks it. */
  write(name: string, source: BackupSource): Promise<BackupResult>;
  remove(name: string): Promise<void>;
}

/** `site-backup-2026-05-04.tar.gz`: one a night, named after the Arizona date, so the names sort by age. */
export const nightlyName = (arizonaDate: string) => `site-backup-${arizonaDate}.tar.gz`;
/**
 * `site-backup-2026-05-04-before-update-1405.tar.gz`: the one a start writes before an update's
 * migrations (before-migrations.ts), at 14:05 Arizona time; kept and deleted with the nightly ones.
 */
export const beforeUpdateName = (arizonaDate: string, hourMinute: string) =>
  `site-backup-${arizonaDate}-before-update-${hourMinute}.tar.gz`;
const isNightlyName = (name: string) => /^site-backup-\d{4}-\d{2}-\d{2}(-before-update-\d{4})?\.tar\.gz$/.test(name);

export function folderDestination(folder: string): BackupDestination {
  const dir = path.resolve(folder);
  return {
    description: `the folder ${dir}`,
    localFolder: dir,
    async list() {
      const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      return names.filter(isNightlyName).sort();
    },
    async write(name, source) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      return backupToFile(source, path.join(dir, name));
    },
    async remove(name) {
      await rm(path.join(dir, name), { force: true });
    },
  };
}

/**
 * A prefix in the site's S3 bucket. The archive is written to a temporary file and checked,
 * uploaded, then read back from S3 and checked again before it counts as done. The AWS SDK is
 * loaded, and the client made, when the destination is first used.
 */
export function s3Destination(config: Omit<S3StorageConfig, 'prefix'>, prefix: string): BackupDestination {
  const sdk = s3ClientOnFirstUse(config);
  const folder = `${prefix.replace(/^\/+|\/+$/g, '')}/`;
  const keyOf = (name: string) => `${folder}${name}`;
  return {
    description: `s3://${config.bucket}/${folder}`,
    storageKeyPrefix: folder,
    async list() {
      const names: string[] = [];
      let token: string | undefined;
      const { s3, client } = await sdk();
      do {
        const page = await client.send(
          new s3.ListObjectsV2Command({ Bucket: config.bucket, Prefix: folder, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(folder.length) ?? '';
          if (isNightlyName(name)) names.push(name);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return names.sort();
    },
    async write(name, source) {
      const temp = await mkdtemp(path.join(os.tmpdir(), 'rcc-nightly-'));
      try {
        const file = path.join(temp, name);
        const written = await backupToFile(source, file);
        const { s3, client } = await sdk();
        await client.send(
          new s3.PutObjectCommand({
            Bucket: config.bucket,
            Key: keyOf(name),
            Body: createReadStream(file),
            ContentLength: (await stat(file)).size,
            ContentType: 'application/gzip',
          }),
        );
        const object = await client.send(new s3.GetObjectCommand({ Bucket: config.bucket, Key: keyOf(name) }));
        const read = await readArchive(object.Body as Readable);
        if (read.archive.sha256 !== written.archive.sha256)
          throw new ArchiveError(`The backup read back from ${keyOf(name)} is not the one uploaded.`);
        return written;
      } finally {
        await rm(temp, { recursive: true, force: true });
      }
    },
    async remove(name) {
      const { s3, client } = await sdk();
      await client.send(new s3.DeleteObjectCommand({ Bucket: config.bucket, Key: keyOf(name) }));
    },
  };
}

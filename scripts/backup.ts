/**
 * `npm run backup -- <file>`: one archive (tar.gz) of everything the site stores: every table of
 * the database (PGlite or Postgres), every stored file (local disk or S3) and the server's own
 * files in DATA_DIR, with a manifest of checksums. It is read back and checked before this says
 * done. The site keeps serving meanwhile: on Postgres this reads one consistent snapshot; the
 * embedded database belongs to the running server, so this asks the server for the backup through
 * its socket in DATA_DIR/backup-channel/ (or, when no server runs, opens the database itself).
 * Restore with `npm run restore -- <file>` (scripts/restore.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DatabaseInUseError, openDatabase } from '../server/db/client';
import { parseEnv } from '../server/env';
import { packageRoot } from '../server/package-root';
import { keepNewFilesPrivate } from '../server/private-files';
import { ArchiveError } from '../server/services/backup/archive';
import { backupToFile, describeBackup, type BackupResult } from '../server/services/backup/backup';
import { backupThroughChannel } from '../server/services/backup/channel';
import { configuredDestination, siteBackupSource } from '../server/services/backup/site';
import { openConfiguredStorage } from '../server/services/storage/open';
import { operatorPath } from './configured-database';

// The project's folder, from scripts/ or from the build's bundle of this command in dist/server/.
const root = packageRoot(path.dirname(fileURLToPath(import.meta.url)));

async function main(): Promise<number> {
  // What this writes under DATA_DIR (the embedded database's files) is the site's alone.
  keepNewFilesPrivate();
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    console.error('Usage: npm run backup -- <file>   (for example: npm run backup -- site-2026-05-04.tar.gz)');
    return 2;
  }
  const file = operatorPath(args[0]!);
  if (existsSync(file)) {
    console.error(`${file} already exists: choose another name, or delete it first. Nothing was written.`);
    return 1;
  }
  const env = parseEnv();
  const dataDir = path.resolve(root, env.DATA_DIR);
  let result: BackupResult | null = null;

  if (!env.DATABASE_URL) {
    result = await backupThroughChannel(dataDir, file);
    if (result) console.log(`The running server took the backup (embedded database in ${env.DATA_DIR}/).`);
    else if (!existsSync(path.join(dataDir, 'pglite'))) {
      console.error(
        `There is no embedded database in ${dataDir} (and DATABASE_URL is not set): check DATA_DIR. Nothing was written.`,
      );
      return 1;
    }
  }
  if (!result) {
    let database;
    try {
      database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir, migrate: false });
    } catch (error) {
      if (!(error instanceof DatabaseInUseError)) throw error;
      console.error(
        `The running server holds the embedded database in ${dataDir}, but its backup channel ` +
          `(${path.join(dataDir, 'backup-channel')}) does not answer: restart the server, or stop it and run this again.`,
      );
      return 1;
    }
    try {
      const storage = await openConfiguredStorage(env, dataDir);
      const destination = configuredDestination(env, root);
      result = await backupToFile(siteBackupSource(env, { database, storage, dataDir, destination }), file);
    } finally {
      await database.close();
    }
  }
  for (const line of describeBackup(result)) console.log(line);
  console.log(`Checked: ${file} reads back complete, every entry matching its checksum.`);
  console.log('Keep it somewhere else than this server (another disk, another machine, or cloud storage).');
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    process.exitCode = await main();
  } catch (error) {
    console.error(
      error instanceof ArchiveError ? error.message : `The backup failed: ${(error as Error).stack ?? String(error)}`,
    );
    process.exitCode = 1;
  }
}

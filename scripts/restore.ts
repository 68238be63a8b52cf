/**
 * `npm run restore -- <file> [--replace] [--allow-missing-photos] [--resume]`: puts a backup
 * written by `npm run backup` (or a nightly one) into the database, storage and DATA_DIR this
 * environment configures: Postgres with DATABASE_URL, else the embedded database in DATA_DIR; S3
 * with S3_BUCKET, else local disk. So the same two commands move a site from the embedded database
 * to Postgres and S3, or back.
 *
 * The whole archive is checked first. The database and storage must be empty (what a server
 * creates at its first start, its keys and secrets, does not count, and is replaced): --replace
 * replaces what is there instead. Stop the site first. The database is restored in one
 * transaction (all of it or nothing: a refused archive leaves the target as it was); the photos
 * are written only after it commits, and if that stops, `--resume` finishes it. A photo the rows
 * refer to that the archive lacks refuses the restore unless --allow-missing-photos. Photo links
 * are rewritten for the new storage and SITE_URL; an archive of an older version of the site is
 * loaded at its own migration level, then the newer migrations run.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { DatabaseInUseError, openDatabase } from '../server/db/client';
import { parseEnv } from '../server/env';
import { packageRoot } from '../server/package-root';
import { keepNewFilesPrivate, makeTreePrivate } from '../server/private-files';
import { ArchiveError, verifyArchiveFile } from '../server/services/backup/archive';
import { describeBackup } from '../server/services/backup/backup';
import {
  FilesStepError,
  finishRestore,
  restoreBackup,
  RestoreRefusedError,
  TargetNotEmptyError,
} from '../server/services/backup/restore';
import { configuredDestination, siteRestoreTarget } from '../server/services/backup/site';
import { openConfiguredStorage } from '../server/services/storage/open';
import { operatorPath } from './configured-database';

// The project's folder, from scripts/ or from the build's bundle of this command in dist/server/.
const root = packageRoot(path.dirname(fileURLToPath(import.meta.url)));

/** Connections of a running site (server/db/client.ts names them) to this Postgres database. */
async function siteConnections(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'rim-country-carpentry-restore' });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      `select count(*)::int as count from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and application_name = 'rim-country-carpentry'`,
    );
    return Number(rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
}

async function main(): Promise<number> {
  // What this writes under DATA_DIR (the embedded database's files) is the site's alone.
  keepNewFilesPrivate();
  const args = process.argv.slice(2);
  const flags = ['--replace', '--allow-missing-photos', '--resume'];
  const replace = args.includes('--replace');
  const allowMissingPhotos = args.includes('--allow-missing-photos');
  const resume = args.includes('--resume');
  const files = args.filter((arg) => !flags.includes(arg));
  if (files.length !== 1 || files[0]!.startsWith('-') || (resume && replace)) {
    console.error('Usage: npm run restore -- <file> [--replace] [--allow-missing-photos]');
    console.error('       npm run restore -- <file> --resume   (finishes the photos of a restore that stopped)');
    return 2;
  }
  const file = operatorPath(files[0]!);
  if (!existsSync(file)) {
    console.error(`There is no file ${file}.`);
    return 1;
  }
  const env = parseEnv();
  const dataDir = path.resolve(root, env.DATA_DIR);

  console.log(`Checking ${file}...`);
  let checked;
  try {
    checked = await verifyArchiveFile(file);
  } catch (error) {
    if (!(error instanceof ArchiveError)) throw error;
    console.error(`${error.message} Nothing was written.`);
    return 1;
  }
  console.log(`The archive is complete and every entry matches its checksum (written ${checked.manifest.createdAt}).`);
  for (const line of describeBackup(checked)) console.log(`  ${line}`);

  if (env.DATABASE_URL && (await siteConnections(env.DATABASE_URL)) > 0) {
    console.error('A running site is connected to this database: stop it, then restore. Nothing was written.');
    return 1;
  }
  let database;
  try {
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir, migrate: false });
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    console.error(`${error.message} Nothing was written.`);
    return 1;
  }
  try {
    const storage = await openConfiguredStorage(env, dataDir);
    const destination = configuredDestination(env, root);
    const target = siteRestoreTarget(env, { database, storage, dataDir, destination });
    const where = `${database.kind === 'postgres' ? 'Postgres (DATABASE_URL)' : `the embedded database in ${env.DATA_DIR}/`} and ${
      storage.kind === 's3' ? `S3 bucket ${env.S3_BUCKET}` : `${env.DATA_DIR}/uploads/`
    }`;
    if (resume) {
      console.log(`Finishing the stored files of the restore into ${where}...`);
      await finishRestore(file, target, {
        allowMissingPhotos,
        verified: checked.manifest,
        log: (line) => console.log(line),
      });
      console.log('The restore is complete. Start the site.');
      return 0;
    }
    console.log(`Restoring into ${where}...`);
    const result = await restoreBackup(file, target, {
      replace,
      allowMissingPhotos,
      verified: checked.manifest,
      log: (line) => console.log(line),
    });
    console.log(
      `Restored ${result.rows} rows, ${result.objects} stored files and ${result.dataFiles} files of the data folder; ` +
        `${result.linksRewritten} photo links now point at ${env.SITE_URL} and this storage.`,
    );
    console.log('Messages already sent stay sent; those still waiting go out once the site runs. Start the site.');
    return 0;
  } catch (error) {
    if (error instanceof RestoreRefusedError) {
      console.error(`${error.message}${error instanceof TargetNotEmptyError ? '' : ' Nothing was changed.'}`);
      return 1;
    }
    if (error instanceof FilesStepError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
    // Whatever the archive said of a file's mode, DATA_DIR stays the site's alone.
    await makeTreePrivate(dataDir);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    process.exitCode = await main();
  } catch (error) {
    console.error(
      `The restore stopped: ${error instanceof ArchiveError ? error.message : ((error as Error).stack ?? String(error))}\n` +
        'Once the cause is fixed, run the restore again (with --replace if the database was restored).',
    );
    process.exitCode = 1;
  }
}

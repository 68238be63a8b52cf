import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { backupToFile } from '../../server/services/backup/backup';
import { restoreBackup } from '../../server/services/backup/restore';
import { createLocalDiskStorage } from '../../server/services/storage/local-disk';

/**
 * `npm run bench -- --restore`: the memory a restore takes. Makes a site (embedded database,
 * photos on local disk) with 500 MB of photos (50 of 10 MiB, each a quote's), backs it up, and
 * restores the archive into a new Postgres database (BENCH_POSTGRES_URL, default the local server)
 * in a process of its own, which reports its peak memory (resident set, sampled, and the kernel's
 * maximum). A restore streams its entries: the peak must stay under 200 MB.
 */

const photoCount = 50;
const photoBytes = 10 * 1024 * 1024;
const limitBytes = 200 * 1024 * 1024;
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const siteUrl = 'https://bench.example';
const secret = 'bench-signing-secret-that-is-long-enough';
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function admin(text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function makeArchive(folder: string): Promise<string> {
  const database = await openDatabase({ dataDir: null });
  const storage = await createLocalDiskStorage({ dir: path.join(folder, 'source-uploads'), secret });
  try {
    for (let index = 0; index < photoCount; index++) {
      const key = randomUUID();
      await storage.objects.write(key, randomBytes(photoBytes), 'image/jpeg');
      await database.withSession((session) =>
        session.query(
          `insert into quote_requests (name, phone, email, project_type, city, budget_range, photo_url)
           values ($1, '(928) 555-0100', 'bench@example.com', 'Deck', 'Payson', '$10,000 - $25,000', $2)`,
          [`Homeowner ${index}`, `${siteUrl}/api/objects/${key}`],
        ),
      );
    }
    const file = path.join(folder, 'site.tar.gz');
    await backupToFile({ database, storage, dataDir: null, siteUrl }, file);
    return file;
  } finally {
    await database.close();
  }
}

/** In the child: restores `file` into the Postgres database at `url`, then prints its peak memory as JSON. */
async function restoreAndMeasure(file: string, url: string, uploads: string) {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const database = await openDatabase({ databaseUrl: url, migrate: false });
  try {
    const storage = await createLocalDiskStorage({ dir: uploads, secret });
    const result = await restoreBackup(file, { database, storage, dataDir: null, siteUrl });
    clearInterval(sampler);
    console.log(
      JSON.stringify({
        peakRss: peak,
        maxRss: process.resourceUsage().maxRSS * 1024,
        seconds: (performance.now() - started) / 1000,
        rows: result.rows,
        written: result.files.written,
      }),
    );
  } finally {
    await database.close();
  }
}

export async function benchRestore(): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), 'rcc-bench-restore-'));
  const name = `rcc_bench_restore_${Date.now()}_${randomBytes(3).toString('hex')}`;
  try {
    console.log(`bench: a site with ${photoCount} photos of ${mb(photoBytes)}, backed up…`);
    const file = await makeArchive(folder);
    console.log(`bench: archive of ${mb((await stat(file)).size)}; restoring it into Postgres…`);
    await admin(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(import.meta.url), file, url.toString(), path.join(folder, 'target-uploads')],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`the restore exited with ${code}`))));
    });
    const figures = JSON.parse(output.trim().split('\n').at(-1)!) as {
      peakRss: number;
      maxRss: number;
      seconds: number;
      rows: number;
      written: number;
    };
    const peak = Math.max(figures.peakRss, figures.maxRss);
    console.log(
      `restore: ${figures.written} photos (${mb(photoCount * photoBytes)}) and ${figures.rows} rows into Postgres in ` +
        `${figures.seconds.toFixed(1)} s; peak memory ${mb(peak)} (sampled ${mb(figures.peakRss)}, kernel ${mb(figures.maxRss)}), ` +
        `${peak < limitBytes ? 'under' : 'OVER'} the ${mb(limitBytes)} limit`,
    );
  } finally {
    await admin(`drop database if exists ${name} with (force)`).catch(() => {});
    await rm(folder, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && process.argv.length === 5) {
  await restoreAndMeasure(process.argv[2]!, process.argv[3]!, process.argv[4]!);
}

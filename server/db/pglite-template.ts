import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  rmdirSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageRoot } from '../package-root';

/**
 * The embedded database's data folder, made and migrated ahead of time, so that a server's first
 * start copies files instead of running PGlite's initdb: initdb more than doubles the memory of
 * the process (925 MB at its peak against about 300 MB for a PGlite opened on an existing folder,
 * and WebAssembly memory once grown is never given back), which a 512 MB machine does not survive.
 *
 * `npm run build` makes it beside the server bundle (dist/server/pglite-template); the tests'
 * global setup makes one under node_modules/.cache for the servers they start. It holds the empty
 * tables only: every secret the server needs is made at its first start. A template is used only
 * when it was made by the same PGlite and the same migrations; otherwise (and in `npm run dev`
 * without one) PGlite runs initdb as it always did.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

const root = packageRoot(here);

/** The template the tests' global setup makes (server/test/pglite-template-setup.ts). */
export const testsTemplateFolder = path.join(root, 'node_modules', '.cache', 'rcc-pglite-template');

/**
 * Where a server looks for a template, first found first: beside the bundle, then the build's
 * (for the command-line tools run from the sources, such as `npm run owner:password` on a new
 * site: without it they would run initdb, about 830 MB at its peak), then the tests' cache.
 */
export const pgliteTemplateFolders = [
  path.join(here, 'pglite-template'),
  path.join(root, 'dist', 'server', 'pglite-template'),
  testsTemplateFolder,
];

/** The file in a template that says what made it (not copied into a site's data folder). */
const markerFile = 'rcc-template.json';

/**
 * PGlite's own start parameters with a smaller shared_buffers: 16 MB rather than initdb's 128 MB.
 * The site's whole database is a few MB; measured on an existing folder, a PGlite at 128 MB peaks
 * near 345 MB resident, at 16 MB near 230 MB. (startParams replaces PGlite's defaults, so they are
 * repeated here from PGlite.defaultStartParams.)
 */
export const pgliteSharedBuffers = '16MB';

export async function pgliteStartParams(): Promise<string[]> {
  const { PGlite } = await import('@electric-sql/pglite');
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${pgliteSharedBuffers}`];
}

/** What a template must match: the PGlite that reads it and the migrations it holds. */
export function templateKey(migrationsFolder: string): string {
  // Its package.json is not among its exports: read beside its entry (dist/index.cjs).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  const pglite = (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return JSON.stringify({ pglite, migrations: journal.entries.map((entry) => entry.tag) });
}

/** Marks `folder` (a PGlite data folder, closed) as the template for `migrationsFolder`. */
export function markTemplate(folder: string, migrationsFolder: string): void {
  writeFileSync(path.join(folder, markerFile), templateKey(migrationsFolder));
}

/** The first template folder made by this PGlite for these migrations, if any. */
export function findTemplate(migrationsFolder: string, folders = pgliteTemplateFolders): string | undefined {
  const key = templateKey(migrationsFolder);
  return folders.find((folder) => {
    try {
      return readFileSync(path.join(folder, markerFile), 'utf8') === key;
    } catch {
      return false;
    }
  });
}

/**
 * Makes `dataPath` a copy of the template when it holds no database yet (no PG_VERSION): copied
 * beside it first and renamed into place, so a start killed halfway leaves no half database;
 * folders 0700 and files 0600, as PGlite's own would be. Returns whether it copied.
 */
export function seedFromTemplate(dataPath: string, migrationsFolder: string): boolean {
  if (existsSync(path.join(dataPath, 'PG_VERSION'))) return false;
  // A folder with something in it but no database is not ours to replace: PGlite decides.
  if (existsSync(dataPath) && readdirSync(dataPath).length > 0) return false;
  const template = findTemplate(migrationsFolder);
  if (!template) return false;
  const staging = `${dataPath}.copying-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    cpSync(template, staging, { recursive: true, filter: (source) => path.basename(source) !== markerFile });
    restrictModes(staging);
    if (existsSync(dataPath)) rmdirSync(dataPath);
    renameSync(staging, dataPath);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  return true;
}

function restrictModes(folder: string): void {
  chmodSync(folder, 0o700);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const entryPath = path.join(folder, entry.name);
    if (entry.isDirectory()) restrictModes(entryPath);
    else chmodSync(entryPath, 0o600);
  }
}

/**
 * Makes a template in `folder` (replacing what is there): a new PGlite database with every
 * migration of `migrationsFolder` applied, closed, then marked. Runs initdb: a build's work, or
 * the tests' once per run, never a serving process's.
 */
export async function makeTemplate(folder: string, migrationsFolder: string, loadDataDir?: Blob): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const staging = `${folder}.making-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(path.dirname(staging), { recursive: true });
  const client = new PGlite(staging, { startParams: await pgliteStartParams(), loadDataDir });
  try {
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.close();
  }
  markTemplate(staging, migrationsFolder);
  rmSync(folder, { recursive: true, force: true });
  renameSync(staging, folder);
}

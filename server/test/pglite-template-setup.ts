import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrationsFolder } from '../db/client';
import { findTemplate, makeTemplate, pgliteStartParams, testsTemplateFolder, templateKey } from '../db/pglite-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite dump (tar) of a database with every migration applied, for the in-memory test databases. */
    pgliteTemplate: string;
    /** A PGlite dump of a database as initdb leaves it, no migration applied (a restore's target). */
    pgliteEmptyTemplate: string;
  }
}

/**
 * Vitest global setup: runs PGlite's initdb and the migrations once, not once per test database
 * (each costs seconds and a few hundred MB), and keeps a dump of each. Every in-memory test
 * database loads one (the empty one: a restore's target, or a site at an older version's level)
 * (server/test/databases.ts), and the servers the tests start on a data folder copy the template
 * folder made from it (node_modules/.cache, see server/db/pglite-template.ts). Both are kept
 * between runs while PGlite and the migrations stay the same.
 */
export default async function makePgliteTemplate(project: TestProject): Promise<void> {
  const key = templateKey(migrationsFolder);
  const hash = createHash('sha256').update(key).digest('hex').slice(0, 16);
  const dump = path.join(os.tmpdir(), `rcc-pglite-template-${hash}.tar`);
  const emptyDump = path.join(os.tmpdir(), `rcc-pglite-template-${hash}-empty.tar`);
  if (!existsSync(dump) || !existsSync(emptyDump)) {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const client = new PGlite({ startParams: await pgliteStartParams() });
    try {
      await client.waitReady;
      await writeDump(emptyDump, await client.dumpDataDir('none'));
      await migrate(drizzle(client), { migrationsFolder });
      await writeDump(dump, await client.dumpDataDir('none'));
    } finally {
      await client.close();
    }
  }
  if (findTemplate(migrationsFolder, [testsTemplateFolder]) !== testsTemplateFolder)
    await makeTemplate(testsTemplateFolder, migrationsFolder, new Blob([readFileSync(dump)]));
  project.provide('pgliteTemplate', dump);
  project.provide('pgliteEmptyTemplate', emptyDump);
}

/** Written beside and renamed: another run may be reading or making the same file. */
async function writeDump(file: string, dump: Blob): Promise<void> {
  const staging = `${file}.${process.pid}`;
  writeFileSync(staging, new Uint8Array(await dump.arrayBuffer()));
  renameSync(staging, file);
}

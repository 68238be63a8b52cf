import type { Express } from 'express';
import { afterAll, beforeAll } from 'vitest';
import { createApp, type AppDeps } from '../app';
import type { DatabaseHandle } from '../db/client';
import path from 'node:path';
import { createPdfMaker } from '../services/pdf/pdf-maker';
import { createLocalSiteImages } from '../services/storage/site-images';
import type { LocalDiskStorage } from '../services/storage/types';
import type { TestDatabase } from './databases';
import { listen, localTestStorage, setupTimeout, tempDir, testOrigins, type ListeningServer } from './http';

/** What a test sets of createApp; the database, the photo storages and the origins come from the fixture. */
export type TestAppOptions = Omit<AppDeps, 'database' | 'storage' | 'origins' | 'siteImages'>;

export interface TestServer {
  /** The server's origin (http://127.0.0.1:<port>), which it trusts as the site's own. */
  readonly base: string;
  /** The app it serves (its routes: http/app-routes.ts). */
  readonly app: Express;
}

export interface ServedApp {
  /** The test's database (opened before the tests; usable in them even when destructured early). */
  readonly database: DatabaseHandle;
  /** The temporary folder; the photos are in its uploads/. */
  readonly dir: string;
  /** The photo storage on local disk in `dir`. */
  readonly storage: LocalDiskStorage;
  /** The first server's origin. */
  readonly base: string;
  /** One server per entry of `apps`, all on the one database and storage; their `base` is set before the tests. */
  readonly servers: readonly TestServer[];
  /** Serves one more app on the same database and storage while `run` runs. */
  withApp(options: TestAppOptions, run: (base: string) => Promise<void>): Promise<void>;
}

/**
 * The set-up of a test of the HTTP API, for one of testDatabases: before the tests, the database,
 * local-disk photo storage in a fresh temporary folder and one listening app per entry of `apps`;
 * after them, every server closed, the database closed and dropped, the folder removed.
 * Call it inside the describe block, before the block's own beforeAll (which then sees it ready).
 * Without `apps`, the database, the folder and the storage alone, for the tests of services.
 */
export function serveTestApp(
  testDb: TestDatabase,
  setup: { label: string; apps?: TestAppOptions[]; storageClock?: () => number },
): ServedApp {
  const apps = setup.apps ?? [];
  const servers = apps.map(() => ({ base: '', app: undefined as unknown as Express }));
  const listening: ListeningServer[] = [];
  let state: { database: DatabaseHandle; storage: LocalDiskStorage; dir: string } | undefined;
  let removeDir: (() => Promise<void>) | undefined;
  const ready = () => {
    if (!state) throw new Error('serveTestApp: used before its beforeAll ran');
    return state;
  };
  const serve = async (options: TestAppOptions) => {
    const { database, storage } = ready();
    const siteImages = createLocalSiteImages(path.join(ready().dir, 'uploads', 'project-photos'));
    // Each app's PDF maker, closed with it: a PDF still being made is stored before the folder goes.
    const pdfs = options.pdfs ?? createPdfMaker(storage.objects, { onMade: options.onPdfMade });
    let app: Express | undefined;
    const server = await listen(
      (origin) => (app = createApp({ ...options, database, storage, siteImages, pdfs, origins: testOrigins(origin) })),
    );
    const served = { ...server, close: () => server.close().then(() => pdfs.close()), app: app! };
    listening.push(served);
    return served;
  };

  beforeAll(async () => {
    const database = await testDb.open();
    const folder = await tempDir(setup.label);
    removeDir = folder.remove;
    state = { database, storage: await localTestStorage(folder.dir, setup.storageClock), dir: folder.dir };
    for (const [index, options] of apps.entries()) {
      const { base, app } = await serve(options);
      Object.assign(servers[index]!, { base, app });
    }
  }, setupTimeout);

  afterAll(async () => {
    for (const server of listening) await server.close();
    await state?.database.close();
    await testDb.cleanup();
    await removeDir?.();
  }, setupTimeout);

  // Usable before the beforeAll ran (`const { database } = serveTestApp(...)`): it reaches the opened one.
  const database: DatabaseHandle = {
    get db() {
      return ready().database.db;
    },
    get kind() {
      return ready().database.kind;
    },
    transaction: (work) => ready().database.transaction(work),
    withSession: (work) => ready().database.withSession(work),
    sqlTransaction: (mode, work) => ready().database.sqlTransaction(mode, work),
    migrate: (folder) => ready().database.migrate(folder),
    close: () => ready().database.close(),
  };

  return {
    database,
    get dir() {
      return ready().dir;
    },
    get storage() {
      return ready().storage;
    },
    get base() {
      const first = servers[0];
      if (!first?.base) throw new Error('serveTestApp: no app is served yet');
      return first.base;
    },
    servers,
    async withApp(options, run) {
      const server = await serve(options);
      try {
        await run(server.base);
      } finally {
        listening.splice(listening.indexOf(server), 1);
        await server.close();
      }
    },
  };
}

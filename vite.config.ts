/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { photoNames } from './scripts/images/catalog.ts';
import { defaultSiteUrl } from './shared/site.ts';

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Tests a module id (a file path) against a pattern written with '/' as separator. */
const matches = (pattern: RegExp) => (id: string) => pattern.test(id.replaceAll('\\', '/'));

/**
 * The chunks every island shares: React (its own chunk, loaded with the first island a page
 * hydrates) and the Radix primitives the accordions and dialogs share. Everything else is split
 * by the bundler: each island (client/src/app/islands/registry.ts) and what it alone needs load
 * with it, on demand.
 */
const chunkGroups = [
  { name: 'react', test: matches(/\/node_modules\/(react|react-dom|scheduler)\//), priority: 40 },
  {
    name: 'radix',
    test: matches(
      /\/node_modules\/@radix-ui\/(react-(collection|compose-refs|context|direction|id|presence|primitive|slot|use-controllable-state|use-layout-effect|use-callback-ref|use-effect-event)|primitive)\//,
    ),
    priority: 20,
  },
];

/** A feature's index.ts: the re-exports pages import it through (see client/src/features). */
const featureIndex = matches(/\/client\/src\/features\/[^/]+\/index\.ts$/);

/**
 * A shared chunk is named after the module it ends with; when that is a feature's index.ts, after
 * the module before it, so the chunk keeps the name of the code it holds (lazy-quote-form, not
 * quote-form, which is the full form's chunk; share-button, not share).
 */
function chunkFileName(chunk: { name: string; moduleIds: readonly string[] }): string {
  const last = chunk.moduleIds.at(-1);
  if (!last || !featureIndex(last)) return 'assets/[name]-[hash].js';
  const named = chunk.moduleIds.findLast((id) => !featureIndex(id)) ?? last;
  return `assets/${named.replace(/^.*\//, '').replace(/\.[jt]sx?$/, '')}-[hash].js`;
}

/**
 * Writes router-code.json beside the pages: the router's chunk and every chunk it imports, and the
 * islands' chunks (the registry's loaders, with what they import), by their hashed names. A page
 * fetches them once it has loaded, without running them (client/src/app/navigation/start-router.ts),
 * so an early click only waits for the router to run: the router loads every island's code as it
 * starts (load-islands.ts), which would otherwise be fetched while the click waits.
 */
function routerCodeList(): Plugin {
  return {
    name: 'router-code-list',
    apply: 'build',
    generateBundle(_options, bundle) {
      const router = Object.values(bundle).find(
        (file) =>
          file.type === 'chunk' && matches(/\/client\/src\/app\/navigation\/router\.tsx$/)(file.facadeModuleId ?? ''),
      );
      if (!router || router.type !== 'chunk' || this.environment.config.build.ssr) return;
      const files = new Set<string>();
      const add = (fileName: string) => {
        const chunk = bundle[fileName];
        if (files.has(fileName) || chunk?.type !== 'chunk') return;
        files.add(fileName);
        chunk.imports.forEach(add);
      };
      add(router.fileName);
      const registry = Object.values(bundle).find(
        (file) => file.type === 'chunk' && file.moduleIds.some(matches(/\/client\/src\/app\/islands\/registry\.ts$/)),
      );
      if (registry?.type === 'chunk') registry.dynamicImports.forEach(add);
      this.emitFile({
        type: 'asset',
        fileName: 'router-code.json',
        source: JSON.stringify([...files].map((file) => `/${file}`)),
      });
    },
  };
}

// Under vitest, the tests' own PGlite databases compile as the processes they start do.
if (process.env.VITEST) (await import('./server/test/node-flags.ts')).useTestNodeFlags();

export default defineConfig({
  root: fromRoot('./client'),
  publicDir: fromRoot('./public'),
  plugins: [react(), tailwindcss(), routerCodeList()],
  define: {
    // Build-time constants: the public origin for canonical URLs, and the build date that
    // prerendered dates start from (see client/src/lib/current-date.ts).
    __SITE_URL__: JSON.stringify(process.env.SITE_URL || defaultSiteUrl),
    __BUILD_DATE__: JSON.stringify(process.env.BUILD_DATE || new Date().toLocaleDateString('en-CA')),
    // The pictures that are real photos rather than drawings (see client/src/lib/photos.ts).
    __PHOTO_NAMES__: JSON.stringify(photoNames(fromRoot('.'))),
  },
  resolve: {
    alias: {
      '@': fromRoot('./client/src'),
      '@shared': fromRoot('./shared'),
    },
  },
  build: {
    outDir: fromRoot('./dist/client'),
    emptyOutDir: true,
    assetsInlineLimit: 0,
    target: 'es2022',
    // PROFILE_BUILD=1 npm run build keeps names readable in a browser profile (slower code: profile only).
    minify: process.env.PROFILE_BUILD ? false : undefined,
    rolldownOptions: {
      output: {
        chunkFileNames: chunkFileName,
        codeSplitting: { includeDependenciesRecursively: false, groups: chunkGroups },
      },
    },
  },
  test: {
    root: fromRoot('.'),
    projects: [
      // The browser's code, in jsdom: each file in a fresh module graph and document, as a page
      // starts fresh. In VM contexts of reused threads rather than a new thread per file: the same
      // isolation without loading jsdom, React and the setup again for every file (the 41 files
      // alone on two cores: 39 s and 70 CPU-s, against 70 s and 127 CPU-s).
      {
        extends: true,
        test: {
          name: 'client',
          include: ['client/**/*.test.{ts,tsx}'],
          pool: 'vmThreads',
          setupFiles: [fromRoot('./client/src/test/setup.ts')],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Stops at once, with one line saying how to fix it, when the test Postgres is not
          // running. And makes the migrated PGlite template every embedded test database starts
          // from, and the server bundle the tests start as a process.
          globalSetup: [
            fromRoot('./server/test/postgres-check.ts'),
            fromRoot('./server/test/pglite-template-setup.ts'),
            fromRoot('./server/test/server-bundle-setup.ts'),
          ],
          // The server's modules are loaded once per worker, not once per file: its tests build
          // what they test from factories (createApp, createQuoteService, ...) with their own
          // databases, folders and ports, and hold no module state between files. A third less
          // CPU (server/routes: 175 CPU-s isolated, 108 shared), most of it the imports.
          isolate: false,
        },
      },
    ],
    // Threads rather than child processes: the same tests in about a quarter less CPU (3 min 32 s
    // alone on two cores, against 4 min 47 s). Vitest's default on two cores is one file at a time,
    // yet much of the time goes to waiting on child processes, sockets and databases: one file more
    // than the cores (alone on two cores: 203 s and 351 CPU-s, against 245 s and 365 with two).
    // The files share the process's libuv threads (sharp's pipelines, scrypt, file reads), so
    // `npm test` and `npm run test:unit` start vitest with UV_THREADPOOL_SIZE=16 (docs/test-time.md).
    pool: 'threads',
    maxWorkers: availableParallelism() + 1,
    // Only under vitest: the build need not load vitest.
    sequence: process.env.VITEST ? { sequencer: (await import('./server/test/sequencer.ts')).SlowFilesFirst } : {},
    // A guard against a hang, not a bound on speed: `npm test` runs the unit tests beside the
    // build, the browser journeys and Chromium on two cores, where a test that processes photos
    // or starts servers takes five times as long as alone (a photo test of 3 s took 20 s in CI).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: fromRoot('./test-results/unit-results.json') },
  },
});

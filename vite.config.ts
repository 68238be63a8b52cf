/// <reference types="vitest/config" />
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { photoNames } from './scripts/image-sources.ts';
import { defaultSiteUrl } from './shared/site.ts';
import { lazyModules } from './client/src/lib/lazy-modules.ts';

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Tests a module id (a file path) against a pattern written with '/' as separator. */
const matches = (pattern: RegExp) => (id: string) => pattern.test(id.replaceAll('\\', '/'));

/**
 * Tests a module id against a list of files (paths from the repository's root). A listed file that
 * does not exist stops the build: renamed or moved, it would otherwise silently land in another chunk.
 */
function files(...paths: string[]): (id: string) => boolean {
  const ids = new Set(
    paths.map((file) => {
      const id = fromRoot(`./${file}`);
      if (!existsSync(id)) throw new Error(`vite.config.ts: ${file} does not exist (renamed or moved?)`);
      return id.replaceAll('\\', '/');
    }),
  );
  return (id) => ids.has(id.replaceAll('\\', '/'));
}

/**
 * Code that stays out of the shared chunks below: what is loaded on demand (the toasts, the
 * menus, the gallery's viewer, the quote form's requests), the accordion (only the pages with
 * one should load Radix), and what the entry itself imports.
 */
const loadedOnDemand = files(
  'client/src/components/ui/toaster.tsx',
  'client/src/components/ui/toast.tsx',
  'client/src/components/ui/dialog.tsx',
  'client/src/components/ui/sheet.tsx',
  'client/src/components/ui/tabs.tsx',
  'client/src/components/ui/accordion.tsx',
  `client/${lazyModules['mobile-drawer-panel']}`,
  'client/src/components/layout/desktop-nav.tsx',
  'client/src/lib/after-page-load.ts',
  'client/src/lib/lazy-modules.ts',
  'client/src/lib/lead-source.ts',
  'shared/lead-source.ts',
  'client/src/lib/query-client.ts',
  'client/src/lib/api-client.ts',
);

/** The site's own code and the small libraries it shares, as opposed to React and other packages. */
const siteCode = matches(/\/(client\/src|shared)\/|\/node_modules\/(lucide-react|clsx|class-variance-authority)\//);

/** Components only some pages use: they stay with those pages. */
const pageSpecificComponents = files(
  'client/src/components/legal-document.tsx',
  'client/src/components/service-icon.tsx',
  'client/src/components/service-card.tsx',
  'client/src/components/location-card.tsx',
);

/** The shared data and helpers most pages use (routes, pictures, business facts, head tags). */
const commonSharedCode = files(
  'shared/routes.ts',
  'shared/images.ts',
  'shared/site.ts',
  'shared/seo/structured-data.ts',
  'shared/content/business.ts',
  'shared/content/names.ts',
  'shared/content/slugs.ts',
  'shared/content/navigation.ts',
);

/**
 * Small components and helpers most pages use besides the shell (head tags, pictures, headings):
 * one chunk with the shell rather than a file each. Not the page-specific texts and cards.
 */
const commonPageCode = (id: string) =>
  (matches(/\/client\/src\/(components|lib)\//)(id) && !pageSpecificComponents(id)) || commonSharedCode(id);

type ModuleGraph = { getModuleInfo: (id: string) => { importedIds: readonly string[] } | null };
const appShell = fromRoot('./client/src/app/app.tsx');
const shellModulesByBuild = new WeakMap<object, Set<string>>();
/** Every module the app shell imports statically, directly or not (computed once per build). */
function appShellModules(ctx: ModuleGraph): Set<string> {
  const build = ctx.getModuleInfo(appShell);
  if (!build) return new Set();
  const known = shellModulesByBuild.get(build);
  if (known) return known;
  const found = new Set<string>();
  const visit = (id: string) => {
    if (found.has(id)) return;
    found.add(id);
    ctx.getModuleInfo(id)?.importedIds.forEach(visit);
  };
  visit(appShell);
  shellModulesByBuild.set(build, found);
  return found;
}

/**
 * The public app's chunks, grouped so that a page loads about ten files rather than forty: React,
 * the router and head manager, the Radix primitives the first screen uses (accordions), and one
 * chunk of what the app shell itself needs (layout, links, icons, business facts). Each page's own
 * code, each service's texts and everything loaded on demand keep chunks of their own.
 */
const chunkGroups = [
  { name: 'react', test: matches(/\/node_modules\/(react|react-dom|scheduler)\//), priority: 40 },
  {
    name: 'router',
    test: matches(
      /\/node_modules\/(wouter|regexparam|use-sync-external-store|react-helmet-async|react-fast-compare|invariant|shallowequal)\//,
    ),
    priority: 30,
  },
  {
    name: 'radix',
    test: matches(
      /\/node_modules\/@radix-ui\/(react-(accordion|collapsible|collection|compose-refs|context|direction|id|presence|primitive|slot|use-controllable-state|use-layout-effect|use-callback-ref|use-effect-event)|primitive)\//,
    ),
    priority: 20,
  },
  {
    // What the app shell (client/src/app/app.tsx) imports statically (layout, links, icons,
    // business facts), and the small parts most pages share.
    name: (id: string, ctx: ModuleGraph) =>
      !loadedOnDemand(id) && ((appShellModules(ctx).has(id) && siteCode(id)) || commonPageCode(id)) ? 'site' : null,
    priority: 10,
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

export default defineConfig({
  root: fromRoot('./client'),
  publicDir: fromRoot('./public'),
  plugins: [react(), tailwindcss()],
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
    // The prerender step reads it to preload each page's own chunk.
    manifest: true,
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
    include: ['client/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'shared/**/*.test.ts', 'scripts/**/*.test.ts'],
    setupFiles: [fromRoot('./client/src/test/setup.ts')],
    // Stops at once, with one line saying how to fix it, when the test Postgres is not running.
    globalSetup: [fromRoot('./server/test/postgres-check.ts')],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: fromRoot('./test-results/unit-results.json') },
  },
});

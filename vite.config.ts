/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { photoNames } from './scripts/image-sources.ts';
import { defaultSiteUrl } from './shared/site.ts';

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Tests a module id (a file path) against a pattern written with '/' as separator. */
const matches = (pattern: RegExp) => (id: string) => pattern.test(id.replaceAll('\\', '/'));

/**
 * Code that stays out of the shared chunks below: what is loaded on demand (the toasts, the
 * menus, the gallery's viewer, the quote form's requests), the accordion (only the pages with
 * one should load Radix), and what the entry itself imports.
 */
const loadedOnDemand = matches(
  /\/client\/src\/(components\/ui\/(toaster|toast|dialog|sheet|tabs|accordion)|components\/layout\/(mobile-drawer-panel|desktop-nav)|lib\/(after-page-load|query-client|api-client))\.tsx?$/,
);

/**
 * The public app's chunks, grouped so that a page loads about ten files rather than forty: React,
 * the router and head manager, the Radix primitives the first screen uses (accordions), and one
 * chunk of the site's shared components, icons and texts. Each page's own code, each service's
 * texts and everything loaded on demand keep chunks of their own.
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
    name: 'site',
    test: (id: string) =>
      !loadedOnDemand(id) &&
      matches(
        /\/client\/src\/(components|lib)\/|\/shared\/(content\/(business|names|slugs|navigation|service-summaries|location-summaries|locations|gallery|popular|types)|routes|images|site|seo\/)|\/node_modules\/(lucide-react|clsx|class-variance-authority)\//,
      )(id),
    priority: 10,
  },
];

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
    rolldownOptions: {
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: chunkGroups } },
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

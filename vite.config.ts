/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { photoNames } from './scripts/image-sources.ts';
import { defaultSiteUrl } from './shared/site.ts';

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

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

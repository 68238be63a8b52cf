import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { build } from 'vite';
import { compressDirectory } from './compress';
import { makeTemplate } from '../server/db/pglite-template';
import { buildOriginFile } from '../server/http/site-origin';
import { shareImageKey } from '../shared/images';
import { defaultSiteUrl } from '../shared/site';
import { buildImages, renderShareImage, shareImageFile } from './images/index';
import { launchWarning } from './launch-check';
import { prerender } from './prerender';
import { buildOwnerCommands, buildServerBundle } from './build-server';
import { writeSeoFiles } from './seo-files';

/**
 * `npm run build`: images, client bundle, the owner's inbox bundle, SSR bundle, prerendered pages, server bundle,
 * sitemap and robots.txt, then precompressed twins of every text file.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const clientDir = path.join(dist, 'client');
const started = performance.now();
const step = (label: string) => console.log(`build: ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);

// One date for both bundles, so prerendered dates hydrate without a mismatch.
process.env.BUILD_DATE ??= new Date().toLocaleDateString('en-CA');

// The origin the pages are made for, as the server reads SITE_URL (scheme, host and port); a
// server started with another SITE_URL serves them rewritten for its own (server/http/site-origin.ts).
if (process.env.SITE_URL) process.env.SITE_URL = new URL(process.env.SITE_URL).origin;
const siteOrigin = process.env.SITE_URL || defaultSiteUrl;

await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });
await writeFile(path.join(dist, buildOriginFile), `${JSON.stringify({ origin: siteOrigin })}\n`);
await buildImages();
step('images ready');

const configFile = path.join(root, 'vite.config.ts');
await build({ configFile, logLevel: 'warn' });
step('client bundle');
// The owner's inbox (client/owner.html) in a pass of its own: as a second input of the same build
// it would share chunks with the public app and change what every public page loads.
await build({
  configFile,
  logLevel: 'warn',
  build: {
    emptyOutDir: false,
    copyPublicDir: false,
    manifest: false,
    // Its own default chunks, not the public app's groups (see vite.config.ts).
    rolldownOptions: { input: path.join(root, 'client', 'owner.html'), output: { codeSplitting: true } },
  },
});
step('owner inbox bundle');
await build({
  configFile,
  logLevel: 'warn',
  build: { ssr: 'src/entry-server.tsx', outDir: path.join(dist, 'ssr'), emptyOutDir: true, copyPublicDir: false },
});
step('SSR bundle');

const pages = await prerender({ clientDir, ssrEntry: path.join(dist, 'ssr', 'entry-server.js') });
step(`prerendered ${pages.length} pages`);

// A branded 1200x630 share image per page, titled like the page (cached between builds).
const ogDir = path.join(clientDir, 'img', 'og');
await mkdir(ogDir, { recursive: true });
for (const page of pages.filter((p) => p.status === 200)) {
  const key = shareImageKey(page.url);
  const { outFile } = await renderShareImage({ title: page.title, outFile: shareImageFile(key) });
  await copyFile(outFile, path.join(ogDir, `${key}.jpg`));
}
step('share images');
await writeSeoFiles(clientDir);

await buildServerBundle(root, path.join(dist, 'server'));
await buildOwnerCommands(root, path.join(dist, 'server'));
step("server bundle and the owner's commands");
// The embedded database's data folder, initialised and migrated here, so that a server's first
// start copies it rather than running initdb (see server/db/pglite-template.ts). PGlite compiled by
// V8's baseline compiler only: a third less CPU for this one-off work (server/test/node-flags.ts).
v8.setFlagsFromString('--liftoff-only');
await makeTemplate(path.join(dist, 'server', 'pglite-template'), path.join(dist, 'server', 'migrations'));
step('embedded database template');

const compressed = await compressDirectory(clientDir);
step(`compressed ${compressed.files} files`);

// Not an error: the site works with placeholders, but the owner should see what is left to fill in.
// The same list as `npm run check:launch`: what the owner set in his app counts when the database can be read.
const launchLeft = await launchWarning(process.env);
if (launchLeft) console.warn(`\nbuild: warning: ${launchLeft}`);

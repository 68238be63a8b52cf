import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import Beasties from 'beasties';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { appModulePath, lazyModules, templateIdOf, type LazyModuleName } from '../client/src/lib/lazy-modules';
import { business } from '../shared/content/business';
import { notFoundPath, prerenderPaths } from '../shared/routes';
import { notFoundPageFor, pageFileFor } from '../server/http/page-files';
import { injectPage, type RenderPage } from '../server/http/page-template';

/**
 * Renders every route of shared/routes.ts into its own HTML file in the client build, plus the
 * three not-found pages the server answers unknown paths with.
 */
export interface PrerenderedPage {
  url: string;
  file: string;
  status: number;
  /** The page's <title>, without the business name. */
  title: string;
}

export async function prerender(options: { clientDir: string; ssrEntry: string }): Promise<PrerenderedPage[]> {
  const { render } = (await import(pathToFileURL(options.ssrEntry).href)) as { render: RenderPage };
  const template = await readFile(path.join(options.clientDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(
    await readFile(path.join(options.clientDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const pages = [
    ...prerenderPaths.map((url) => ({ url, file: pageFileFor(url), status: 200 })),
    ...[notFoundPath, '/services/x', '/locations/x'].map((p) => ({ ...notFoundPageFor(p), status: 404 })),
  ];
  // Inline the CSS rules each page uses into its <head> (no render-blocking stylesheet request)
  // and move the full stylesheet to the end of <body>, which needs no inline script (CSP).
  const beasties = new Beasties({
    path: options.clientDir,
    publicPath: '/',
    preload: 'body',
    pruneSource: false,
    inlineFonts: true,
    reduceInlineStyles: false,
    logLevel: 'warn',
  });
  // The heading font is needed for the first paint of every page: fetch it with the HTML.
  const fontPreloads = (await readdir(path.join(options.clientDir, 'assets')))
    .filter((file) => file.endsWith('.woff2'))
    .map((file) => `<link rel="preload" href="/assets/${file}" as="font" type="font/woff2" crossorigin>`)
    .join('');
  const written: PrerenderedPage[] = [];
  for (const page of pages) {
    const rendered = await render(page.url);
    if (rendered.status !== page.status) {
      throw new Error(`Prerender: ${page.url} rendered with status ${rendered.status}, expected ${page.status}`);
    }
    const out = path.join(options.clientDir, page.file);
    await mkdir(path.dirname(out), { recursive: true });
    // The page's code is listed in a template the entry activates after the first paint
    // (client/src/entry-client.tsx): fetched in parallel, but never ahead of the first screen.
    const preloads = `${fontPreloads}${moduleTemplates(manifest, rendered.pages ?? [])}`;
    const html = injectPage(template, { ...rendered, head: rendered.head + preloads });
    await writeFile(out, scriptsAfterFirstScreen(await beasties.process(html)));
    const title = /<title>([^<]*)<\/title>/.exec(rendered.head)?.[1] ?? '';
    const ownTitle = title.split(' | ').find((part) => part !== business.name) ?? title;
    written.push({ ...page, title: decodeEntities(ownTitle) });
  }
  return written;
}

/**
 * The page is readable before its JavaScript runs (links are plain links until hydration), so the
 * scripts and their preloads are fetched at low priority: the HTML, the hero image and the font
 * of the first screen go first, the code that makes it interactive right after.
 */
function scriptsAfterFirstScreen(html: string): string {
  return html
    .replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"')
    .replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '<link rel="modulepreload" fetchpriority="low"');
}

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }>;

/**
 * The page's <template>s of <link rel="modulepreload"> (client/src/lib/lazy-modules.ts): the app's,
 * with the module the entry loads after the first paint (it imports React DOM and the app shell in
 * turn) and each rendered page chunk with the chunks they import, and one per module of
 * lazyModules that this page's code, or a module listed before it, may load. Each leaves out the
 * entry and what the entry imports (index.html already loads or preloads those) and what comes
 * before it. A module missing from the build (a file renamed or moved) stops the build: its
 * preloads would silently be gone otherwise.
 */
function moduleTemplates(manifest: Manifest, pageFiles: string[]): string {
  const appModule = appModulePath;
  const missing = [appModule, ...Object.values(lazyModules), ...pageFiles].filter((key) => !manifest[key]);
  if (missing.length > 0) throw new Error(`Prerender: missing from the client build: ${missing.join(', ')}`);
  const loaded = new Set<string>();
  const collect = (key: string, into: Set<string>, keys?: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file) || loaded.has(chunk.file)) return;
    into.add(chunk.file);
    keys?.add(key);
    chunk.imports?.forEach((child) => collect(child, into, keys));
  };
  const entry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key, entry);
  entry.forEach((file) => loaded.add(file));
  const appFiles = new Set<string>();
  const appKeys = new Set<string>();
  [appModule, ...(manifest[appModule]?.dynamicImports ?? []), ...pageFiles].forEach((key) =>
    collect(key, appFiles, appKeys),
  );
  appFiles.forEach((file) => loaded.add(file));
  const links = (files: Set<string>) =>
    [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
  let templates = `<template id="${templateIdOf('app')}">${links(appFiles)}</template>`;
  const loaders = new Set(appKeys);
  for (const [name, key] of Object.entries(lazyModules) as [LazyModuleName, string][]) {
    if (![...loaders].some((loader) => manifest[loader]?.dynamicImports?.includes(key))) continue;
    loaders.add(key);
    const files = new Set<string>();
    collect(key, files);
    templates += `<template id="${templateIdOf(name)}">${links(files)}</template>`;
  }
  return templates;
}

import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import Beasties from 'beasties';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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
  const manifest = JSON.parse(await readFile(path.join(options.clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
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
    const preloads = fontPreloads + modulePreloads(manifest, rendered.pages ?? []);
    const html = injectPage(template, { ...rendered, head: rendered.head + preloads });
    await writeFile(out, await beasties.process(html));
    const title = /<title>([^<]*)<\/title>/.exec(rendered.head)?.[1] ?? '';
    const ownTitle = title.split(' | ').find((part) => part !== business.name) ?? title;
    written.push({ ...page, title: decodeEntities(ownTitle) });
  }
  return written;
}

function decodeEntities(text: string): string {
  return text.replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/**
 * <link rel="modulepreload"> for each rendered page chunk and the chunks it imports, leaving out
 * the entry and what the entry imports (index.html already loads or preloads those).
 */
function modulePreloads(manifest: Manifest, pageFiles: string[]): string {
  const loadedByEntry = new Set<string>();
  const collect = (key: string, into: Set<string>, skip: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file) || skip.has(chunk.file)) return;
    into.add(chunk.file);
    chunk.imports?.forEach((child) => collect(child, into, skip));
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key, loadedByEntry, new Set());
  const files = new Set<string>();
  pageFiles.forEach((key) => collect(key, files, loadedByEntry));
  return [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
}

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
    // The page's only script is the small entry (client/src/entry-client.ts); each island's code
    // is fetched when that island is needed.
    const html = injectPage(template, { ...rendered, head: rendered.head + fontPreloads });
    await writeFile(out, scriptsAfterFirstScreen(await beasties.process(html)));
    const title = /<title>([^<]*)<\/title>/.exec(rendered.head)?.[1] ?? '';
    const ownTitle = title.split(' | ').find((part) => part !== business.name) ?? title;
    written.push({ ...page, title: decodeEntities(ownTitle) });
  }
  return written;
}

/**
 * The page is complete before its JavaScript runs (links are plain links), so the scripts and
 * their preloads are fetched at low priority: the HTML, the hero image and the font
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

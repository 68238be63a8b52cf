import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { injectPage, type RenderedPage } from './page-template';

/** The HTML template Vite wrote (client/index.html), kept beside the SSR bundle: the prerender overwrites index.html with the home page. */
export const pageTemplateFile = 'page-template.html';

/** Turns a rendered page into the document served for it. */
export type FinishPage = (page: Pick<RenderedPage, 'html' | 'head'>) => Promise<string>;

/**
 * The one way a rendered page becomes its document, for the prerender at build time and for the
 * pages the server renders per content version (site-pages.ts), so both are the same bytes for
 * the same render: the page put into the template, the heading font preloaded, the CSS rules the
 * page uses inlined into <head> (Beasties; no render-blocking stylesheet request) with the full
 * stylesheet moved to the end of <body>, and the scripts fetched after the first screen.
 */
export async function createPageFinisher(options: { clientDir: string; template: string }): Promise<FinishPage> {
  const { default: Beasties } = await import('beasties');
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
  return async (page) => {
    const html = injectPage(options.template, { ...page, head: page.head + fontPreloads });
    return scriptsAfterFirstScreen(await beasties.process(html));
  };
}

/** The template kept beside the SSR bundle in `ssrDir` (dist/ssr). */
export function readPageTemplate(ssrDir: string): Promise<string> {
  return readFile(path.join(ssrDir, pageTemplateFile), 'utf8');
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

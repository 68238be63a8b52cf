import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createCriticalCss, type KnownCriticalCss } from './critical-css';
import { injectPage, type RenderedPage } from './page-template';

/** The HTML template Vite wrote (client/index.html), kept beside the SSR bundle: the prerender overwrites index.html with the home page. */
export const pageTemplateFile = 'page-template.html';

/** Turns a rendered page into the document served for it. */
export type FinishPage = (page: Pick<RenderedPage, 'html' | 'head'>) => Promise<string>;

/** The critical CSS the prerender worked out, kept beside the SSR bundle for the server's renders (critical-css.ts). */
export const criticalCssFile = 'critical-css.json';

/**
 * The one way a rendered page becomes its document, for the prerender at build time and for the
 * pages the server renders per content version (site-pages.ts), so both are the same bytes for
 * the same render: the page put into the template, the heading font preloaded, the CSS rules the
 * page uses inlined into <head> (Beasties; no render-blocking stylesheet request) with the full
 * stylesheet moved to the end of <body>, and the scripts fetched after the first screen.
 */
export async function createPageFinisher(options: {
  clientDir: string;
  template: string;
  known?: KnownCriticalCss;
}): Promise<FinishPage & { knownCriticalCss: () => KnownCriticalCss }> {
  const beasties = await createCriticalCss(
    {
      path: options.clientDir,
      publicPath: '/',
      preload: 'body',
      pruneSource: false,
      inlineFonts: true,
      reduceInlineStyles: false,
      logLevel: 'warn',
    },
    options.known,
  );
  // The heading font is needed for the first paint of every page: fetch it with the HTML.
  const fontPreloads = (await readdir(path.join(options.clientDir, 'assets')))
    .filter((file) => file.endsWith('.woff2'))
    .map((file) => `<link rel="preload" href="/assets/${file}" as="font" type="font/woff2" crossorigin>`)
    .join('');
  const finish = async (page: Pick<RenderedPage, 'html' | 'head'>) => {
    const html = injectPage(options.template, { ...page, head: page.head + fontPreloads });
    return scriptsAfterFirstScreen(await beasties.process(html));
  };
  return Object.assign(finish, { knownCriticalCss: beasties.known });
}

/** What the prerender left in `ssrDir` (dist/ssr); none (an older build): worked out per page as it comes. */
export async function readKnownCriticalCss(ssrDir: string): Promise<KnownCriticalCss | undefined> {
  try {
    return JSON.parse(await readFile(path.join(ssrDir, criticalCssFile), 'utf8')) as KnownCriticalCss;
  } catch {
    return undefined;
  }
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

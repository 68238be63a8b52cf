import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { chromium, type Request } from '@playwright/test';
import { findChromium } from '../../e2e/chromium';

export interface RouteBytes {
  route: string;
  /** Requested until the page is hydrated (`<html data-hydrated>`): what interaction waits for. */
  js: Sizes;
  css: Sizes;
  html: Sizes;
  /** Fetched after that, once the page is idle (toasts, drawer, a form further down). */
  deferredJs: Sizes;
  files: string[];
}
interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

const size = (file: string) => (existsSync(file) ? statSync(file).size : 0);
const sizesOf = (file: string): Sizes => ({ raw: size(file), gzip: size(`${file}.gz`), brotli: size(`${file}.br`) });
const add = (a: Sizes, b: Sizes): Sizes => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli });
const zero: Sizes = { raw: 0, gzip: 0, brotli: 0 };

/**
 * What each route makes the browser download before it is interactive: the JS and CSS requested
 * until React has hydrated the page (measured in Chromium at phone size), sized from the build's
 * precompressed files; and, apart, the JS fetched after that while the page sits idle.
 */
export async function measureRouteBytes(baseUrl: string, clientDir: string, routes: string[]): Promise<RouteBytes[]> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox', '--disable-gpu'] });
  const results: RouteBytes[] = [];
  try {
    for (const route of routes) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      // The moment React marks the page hydrated, on the browser's clock.
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (!document.documentElement.hasAttribute('data-hydrated')) return;
          (window as unknown as { hydratedAt: number }).hydratedAt = performance.timeOrigin + performance.now();
          observer.disconnect();
        }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
      });
      const assets: { path: string; request: Request }[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (/\.(js|css)$/.test(url.pathname)) assets.push({ path: url.pathname, request });
      });
      await page.goto(baseUrl + route);
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      await page.waitForLoadState('networkidle');
      const hydratedAt = await page.evaluate(() => (window as unknown as { hydratedAt: number }).hydratedAt);
      const requested = new Set<string>();
      const deferred = new Set<string>();
      for (const { path: file, request } of assets) {
        (request.timing().startTime <= hydratedAt ? requested : deferred).add(file);
      }
      for (const file of requested) deferred.delete(file);
      let js = zero;
      let css = zero;
      let deferredJs = zero;
      for (const file of requested) {
        const sizes = sizesOf(path.join(clientDir, file));
        if (file.endsWith('.js')) js = add(js, sizes);
        else css = add(css, sizes);
      }
      for (const file of deferred)
        if (file.endsWith('.js')) deferredJs = add(deferredJs, sizesOf(path.join(clientDir, file)));
      const htmlFile = path.join(clientDir, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`);
      results.push({ route, js, css, html: sizesOf(htmlFile), deferredJs, files: [...requested] });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

/**
 * The first response of a route (its HTML, brotli, with the CSS inlined in it): the whole
 * document, and the part a browser needs for the first screen: everything up to the end of the
 * page's first section (the hero), compressed on its own.
 */
export function firstResponseBytes(clientDir: string, route: string): { whole: number; firstScreen: number } {
  const htmlFile = path.join(clientDir, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`);
  const html = readFileSync(htmlFile, 'utf8');
  const main = html.indexOf('<main');
  const heroEnd = html.indexOf('</section>', main);
  const firstScreen = heroEnd > main && main > 0 ? html.slice(0, heroEnd + '</section>'.length) : html;
  const brotli = (text: string) =>
    brotliCompressSync(Buffer.from(text), { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  return { whole: size(`${htmlFile}.br`) || brotli(html), firstScreen: brotli(firstScreen) };
}

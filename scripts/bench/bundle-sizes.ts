import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';

const size = (file: string) => (existsSync(file) ? statSync(file).size : 0);

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

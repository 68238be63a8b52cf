// Files on disk go through express.static (serve-static); kept here is what it does not do: clean
// URLs to prerendered pages, per-section 404 pages, and in-memory pages with their .br/.gz twins.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { setCampaignCookie } from './campaign-cookie';
import { etagOf, sendCachedFile as send, type CachedFile } from './cached-file';
import { isOwnerPath, ownerPageFile } from './owner-page';
import { notFoundPageFor, pageFileFor } from './page-files';
import { sameSitePath } from './same-site-path';

const compressible = new Set(['.html', '.js', '.css', '.svg', '.json', '.xml', '.txt', '.webmanifest']);
const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

const immutable = 'public, max-age=31536000, immutable';
const revalidate = 'public, max-age=0, must-revalidate';

/** The build's text files in memory, by URL path ('/index.html', '/assets/app-1234.js', '/sitemap.xml'). */
export type BuildFiles = ReadonlyMap<string, CachedFile>;

/**
 * What replaces the build's files while the owner has content published (site-pages.ts): a page
 * of the current content version by its file ('/gallery/index.html', also pages the build has
 * none of, such as a project's), and the sitemap. Undefined: the build's own. A promise: the
 * page is being rendered for the version just published, and the request waits for it.
 */
export interface PageOverlay {
  page(file: string): CachedFile | undefined | Promise<CachedFile | undefined>;
  sitemap(): CachedFile | undefined | Promise<CachedFile | undefined>;
}

/** Reads the production build's text files and their .br/.gz twins into memory. */
export function loadBuild(clientDir: string): Map<string, CachedFile> {
  if (!existsSync(path.join(clientDir, 'index.html'))) {
    throw new Error(`No production build in ${clientDir}. Run "npm run build" first.`);
  }
  return loadTextFiles(clientDir);
}

/**
 * Serves the production build: prerendered pages and text assets from memory with their
 * precompressed .br/.gz twins (written by the build), images and fonts from disk.
 * Hashed files under /assets are immutable for a year; HTML and everything else revalidates.
 * `overlay`: the pages of the owner's content, in place of the build's (same headers; their ETag
 * is their bytes', so it changes exactly when the page does).
 */
export function staticSite(
  clientDir: string,
  options: { files?: BuildFiles; overlay?: PageOverlay } = {},
): RequestHandler {
  const files = options.files ?? loadBuild(clientDir);
  const overlay = options.overlay;
  const diskFiles = express.static(clientDir, {
    index: false,
    redirect: false,
    setHeaders: (res, filePath) => {
      res.setHeader(
        'Cache-Control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? immutable : 'public, max-age=86400',
      );
    },
  });

  // A page being rendered for a new content version is awaited (PageOverlay); errors go to `next`.
  const handler = async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const pathname = decodeSafely(req.path);
    if (pathname === null) return sendNotFound(req, res, '/');

    if (pathname.length > 1 && pathname.endsWith('/')) {
      // Built from the path as sent, not the decoded one: see sameSitePath.
      const query = req.originalUrl.slice(req.path.length);
      res.redirect(301, sameSitePath(req.path.replace(/\/+$/, '')) + query);
      return;
    }
    const asset = (pathname === '/sitemap.xml' && (await overlay?.sitemap())) || files.get(pathname);
    if (asset && !pathname.endsWith('.html')) {
      send(req, res, asset, 200, pathname.startsWith('/assets/') ? immutable : revalidate);
      return;
    }
    const ownerPage = isOwnerPath(pathname) ? files.get(`/${ownerPageFile}`) : undefined;
    if (ownerPage) {
      send(req, res, ownerPage, 200, 'no-cache');
      return;
    }
    const file = `/${pageFileFor(pathname)}`;
    const page = (await overlay?.page(file)) ?? files.get(file);
    if (page) {
      // An arrival with campaign tags keeps them in a cookie (campaign-cookie.ts): that answer is this visitor's own.
      send(req, res, page, 200, setCampaignCookie(req, res) ? 'private, no-cache' : revalidate);
      return;
    }
    diskFiles(req, res, () => void sendNotFound(req, res, pathname).catch(next));
  };
  return (req, res, next) => void handler(req, res, next).catch(next);

  async function sendNotFound(req: Request, res: Response, pathname: string) {
    const file = `/${notFoundPageFor(pathname).file}`;
    const page =
      (await overlay?.page(file)) ?? files.get(file) ?? (await overlay?.page('/404.html')) ?? files.get('/404.html');
    if (!page) {
      res.status(404).type('text/plain').send('404 Page Not Found');
      return;
    }
    send(req, res, page, 404, 'no-store');
  }
}

function loadTextFiles(root: string): Map<string, CachedFile> {
  const map = new Map<string, CachedFile>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      if (entry.startsWith('.')) continue; // build metadata such as .vite/manifest.json is not public
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) {
        walk(full);
        continue;
      }
      const ext = path.extname(entry);
      if (!compressible.has(ext)) continue;
      const raw = readFileSync(full);
      const urlPath = '/' + path.relative(root, full).split(path.sep).join('/');
      map.set(urlPath, {
        type: types[ext] ?? 'application/octet-stream',
        etag: etagOf(raw),
        raw,
        br: readIfExists(`${full}.br`),
        gzip: readIfExists(`${full}.gz`),
      });
    }
  };
  walk(root);
  return map;
}

function readIfExists(file: string): Buffer | undefined {
  return existsSync(file) ? readFileSync(file) : undefined;
}

function decodeSafely(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

import type { Request, Response, Router } from 'express';
import { cachedFile, sendCachedFile, type CachedFile } from '../http/cached-file';
import type { SiteContentWatcher } from '../services/site-content/content-watcher';

/**
 * GET /api/site-content: what the owner published, at the version this server's pages show, for
 * the browser's router (client/src/app/navigation/site-content.ts): a page it renders shows what
 * a direct load of the URL shows. `{ version, projects, reviews }`, revalidated on every use
 * (ETag: the bytes'), brotli or gzip as the pages are.
 */
export function siteContentRoutes(router: Router, content: SiteContentWatcher): void {
  let answer: { version: number; file: Promise<CachedFile> } | undefined;
  router.get('/site-content', async (req: Request, res: Response) => {
    const { version, content: snapshot } = content.current();
    if (answer?.version !== version) {
      answer = { version, file: cachedFile(Buffer.from(JSON.stringify({ version, ...snapshot })), jsonType) };
    }
    sendCachedFile(req, res, await answer.file, 200, 'no-cache');
  });
}

const jsonType = 'application/json; charset=utf-8';

import path from 'node:path';
import type { RequestHandler } from 'express';
import { safeError, type Logger } from '../logger';
import type { SiteContentWatcher } from '../services/site-content/content-watcher';
import { pageFileFor } from './page-files';
import { shareImages } from './share-images';
import { rewriteBuildFor } from './build-for-origin';
import { createSitePages, productionRenderer } from './site-pages';
import { originRewrite, readBuildOrigin } from './site-origin';
import { loadBuild, staticSite } from './static-site';

/**
 * The production site: the build's pages, with those of the owner's content rendered again for
 * each content version (site-pages.ts), and the share images with the phone he saved (share-images.ts).
 * Made for `siteUrl` whatever origin the build was made for (build-for-origin.ts).
 */
export async function productionSite(options: {
  root: string;
  siteUrl: string;
  dataDir: string;
  siteContent: SiteContentWatcher;
  logger: Logger;
}): Promise<RequestHandler> {
  const { siteContent, logger } = options;
  const distDir = path.join(options.root, 'dist');
  const clientDir = path.join(distDir, 'client');
  const build = loadBuild(clientDir);
  const rewrite = originRewrite(readBuildOrigin(distDir), options.siteUrl);
  if (rewrite) {
    const cacheDir = path.join(options.dataDir, 'site-cache');
    const { compressBest } = await rewriteBuildFor(build, rewrite, { cacheDir, logger });
    // After the start's own work: the first requests are answered meanwhile.
    setTimeout(() => void compressBest(), 2000).unref();
  }
  const pages = createSitePages({
    build,
    loadRenderer: productionRenderer(distDir, rewrite),
    logger: logger.child({ component: 'site-pages' }),
  });
  siteContent.onChange(pages.update);
  // The render's code and template, loaded once the server is up: a first publish need not wait for them.
  setTimeout(() => {
    void pages
      .prepare()
      .catch((error: unknown) => logger.error({ error: safeError(error) }, 'page renderer not loaded'));
  }, 1000).unref();
  // The share images with the phone he saved (the build's show the default one).
  const ownShareImages = shareImages({
    content: () => siteContent.current().content,
    pageHtml: async (pagePath) => {
      const file = `/${pageFileFor(pagePath)}`;
      return ((await pages.page(file)) ?? build.get(file))?.raw.toString('utf8');
    },
    logoFile: path.join(clientDir, 'img', 'brand', 'logo.svg'),
    logger: logger.child({ component: 'share-images' }),
  });
  const files = staticSite(clientDir, { files: build, overlay: pages });
  return (req, res, next) =>
    ownShareImages(req, res, (error?: unknown) => (error ? next(error) : files(req, res, next)));
}

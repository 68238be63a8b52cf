import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { isOwnerPath, ownerPageFile } from './owner-page';
import { injectPage, type RenderPage } from './page-template';
import type { SiteContent } from '@shared/content/site-content';
import { sitePaths } from '@shared/routes';
import { sitemapXml } from '@shared/seo/sitemap';
import { plainFormAction } from '@shared/schemas/quote-form-post';
import { setCampaignCookie } from './campaign-cookie';
import type { SiteLookSource } from './homeowner-shell';
import { fillShell, type RenderQuotePage, type RenderWithFormState } from './quote-page';
import { shareImages } from './share-images';

/** Loaded through Vite so that edits show; typed from the module, so a rename is a type error. */
type SeoFiles = Pick<typeof import('../../scripts/seo-files'), 'robotsTxt'>;
type RenderWithContent = (url: string, options: { content: SiteContent }) => ReturnType<RenderPage>;

/**
 * Development: Vite in middleware mode (HMR over the same port) and every page rendered on the
 * server per request with the same render() the production prerender uses. /sitemap.xml and
 * /robots.txt answer as in the build (scripts/seo-files.ts, loaded through Vite so edits show),
 * with the owner's published content (`content`: the current version's) as production shows it,
 * and so do the share images with the phone he saved (`/img/og/<page>.<digits>.jpg`).
 */
export async function devSite(
  httpServer: Server,
  root: string,
  siteUrl: string,
  content: () => SiteContent,
): Promise<{
  handler: RequestHandler;
  renderQuotePage: RenderQuotePage;
  siteLook: SiteLookSource;
  close: () => Promise<void>;
}> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: path.join(root, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: { server: httpServer } },
    appType: 'custom',
  });
  const templatePath = path.join(root, 'client', 'index.html');

  const renderHtml: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' || !req.accepts('html')) return next();
    try {
      if (isOwnerPath(req.path)) {
        // The inbox renders in the browser only: its page is the bare template.
        const ownerTemplate = await readFile(path.join(root, 'client', ownerPageFile), 'utf8');
        res.type('html').send(await vite.transformIndexHtml(req.originalUrl, ownerTemplate));
        return;
      }
      const template = await vite.transformIndexHtml(req.originalUrl, await readFile(templatePath, 'utf8'));
      const { render } = (await vite.ssrLoadModule('/src/entry-server.tsx')) as { render: RenderWithContent };
      const page = await render(req.originalUrl, { content: content() });
      setCampaignCookie(req, res);
      res.status(page.status).type('html').send(injectPage(template, page));
    } catch (error) {
      vite.ssrFixStacktrace(error as Error);
      next(error);
    }
  };

  const seoFile: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path !== '/sitemap.xml' && req.path !== '/robots.txt') return next();
    try {
      const files = (await vite.ssrLoadModule(path.join(root, 'scripts', 'seo-files.ts'))) as SeoFiles;
      if (req.path === '/robots.txt') res.type('text/plain').send(files.robotsTxt(siteUrl));
      else {
        const today = new Date().toLocaleDateString('en-CA');
        const entries = sitePaths(content()).map((path) => ({ path, lastmod: today }));
        res.type('application/xml').send(sitemapXml(siteUrl, entries));
      }
    } catch (error) {
      next(error);
    }
  };

  // The answer to a quote form post carries no scripts, so its CSS is inlined (Vite serves it through a script).
  const renderQuotePage: RenderQuotePage = async (state, content) => {
    const { render } = (await vite.ssrLoadModule('/src/entry-server.tsx')) as { render: RenderWithFormState };
    const { default: css } = (await vite.ssrLoadModule('/src/styles.css?inline')) as { default: string };
    const page = await render(plainFormAction, { quoteForm: state, content });
    const shell = (await readFile(templatePath, 'utf8'))
      .replace('<!--app-head-->', `${page.head}<style>${css}</style>`)
      .replace('<!--app-html-->', '');
    return fillShell(shell, page.html);
  };

  // The share images with the phone he saved, as production draws them (share-images.ts), titled
  // as the page renders now.
  const ownShareImages = shareImages({
    content,
    pageHtml: async (pagePath) => {
      const { render } = (await vite.ssrLoadModule('/src/entry-server.tsx')) as { render: RenderWithContent };
      return (await render(pagePath, { content: content() })).head;
    },
    logoFile: path.join(root, 'public', 'img', 'brand', 'logo.svg'),
  });

  // The homeowner's pages from e-mails: the stylesheet as Vite compiles it now (its font by Vite's own URL).
  const siteLook: SiteLookSource = async () => {
    const { default: css } = (await vite.ssrLoadModule('/src/styles.css?inline')) as { default: string };
    return { head: `<style>${css}</style>` };
  };

  return {
    renderQuotePage,
    siteLook,
    handler: (req, res, next) => {
      void ownShareImages(req, res, (error?: unknown) => {
        if (error) return next(error);
        void seoFile(req, res, () => vite.middlewares(req, res, () => renderHtml(req, res, next)));
      });
    },
    // Ends the HMR WebSocket connections, which would otherwise hold the server open on shutdown.
    close: () => vite.close(),
  };
}

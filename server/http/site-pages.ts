import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { contentPages, emptySiteContent, isEmptySiteContent, type SiteContent } from '@shared/content/site-content';
import { notFoundPath, paths, sitePaths } from '@shared/routes';
import { sitemapXml } from '@shared/seo/sitemap';
import { safeError, type Logger } from '../logger';
import { onFirstUse } from '../services/first-use';
import type { ContentListener } from '../services/site-content/content-watcher';
import type { VersionedContent } from '../services/site-content/site-content';
import { cachedFile, etagOf, type CachedFile } from './cached-file';
import { lazySlot, readySlot, type Page, type PageSlot } from './page-slot';
import { brotliOf } from './precompress';
import { createPageFinisher, readKnownCriticalCss, readPageTemplate, type FinishPage } from './page-document';
import { notFoundPageFor, pageFileFor } from './page-files';
import type { RenderedPage } from './page-template';
import type { OriginRewrite } from './site-origin';
import type { BuildFiles, PageOverlay } from './static-site';

/** What renders a page of a content version: the SSR bundle's render() and the prerender's finishing. */
export interface SiteRenderer {
  render(url: string, options: { content: SiteContent }): Promise<RenderedPage>;
  finish: FinishPage;
  /** The SITE_URL and the date of the build (the sitemap's). */
  siteUrl: string;
  buildDate: string;
}

interface VersionPages {
  version: number;
  /** By file, as the build names them ('/gallery/index.html'); empty: the build's pages. */
  slots: ReadonlyMap<string, PageSlot>;
  /** The sitemap, made once every page is rendered (the lastmod of each). */
  sitemap?: () => Promise<CachedFile>;
}

export interface SitePages extends PageOverlay {
  /** Makes a new content version the one served (the content watcher's listener). */
  update: ContentListener;
  /** Loads the renderer ahead of the first change, so publishing does not wait for it. */
  prepare(): Promise<void>;
  /** The version the pages show. */
  version(): number;
}

const htmlType = 'text/html; charset=utf-8';
const xmlType = 'application/xml; charset=utf-8';
const day = (date: Date) => date.toLocaleDateString('en-CA');

/**
 * The pages of the owner's content, per content version, from memory as the prerendered ones are.
 * When the version moves, each page that shows owner content (contentPages) and shows something
 * else than in the previous version is rendered with the same React render and finishing as the
 * prerender (`renderer`); a page that shows what it would without any content is the build's own,
 * and one whose bytes come out the same keeps its file (and ETag). Without any owner content
 * nothing is rendered: the site is exactly the build.
 *
 * The new version is served as soon as it is known, before its pages are rendered: a page asked
 * for is rendered then (the visitor waits for that one page, about 0.1 s on a busy two-core
 * machine; docs/performance.md), and a pass renders the rest one page at a time between requests.
 * Whichever asks first renders it, once; no request gets the previous version's page after the
 * new one is known, and none a page half made. A page is compressed quickly when rendered
 * (brotli 5: a visitor may be waiting), and once the pass is done as the build's are (brotli 11),
 * one page at a time. A render that fails is logged and tried again at the page's next request;
 * meanwhile that page is served as it was before.
 */
export function createSitePages(options: {
  build: BuildFiles;
  loadRenderer: () => Promise<SiteRenderer>;
  logger: Logger;
}): SitePages {
  const { build, logger } = options;
  let renderer: Promise<SiteRenderer> | undefined;
  let shown: VersionPages = { version: -1, slots: new Map() };
  /** What each page shows without any owner content: such a page is the build's. */
  const withoutContent = new Map(
    pagesToRender(emptySiteContent).map((page) => [page.file, JSON.stringify(page.shows)]),
  );
  /** The pages compressed quickly, until they are compressed as the build's are. */
  const quicklyCompressed = new WeakSet<CachedFile>();

  const loadRenderer = () => {
    renderer ??= options.loadRenderer().catch((error: unknown) => {
      renderer = undefined;
      throw error;
    });
    return renderer;
  };

  /** The new version's pages, none rendered yet: each is the build's, the previous version's, or one to render. */
  function plan(next: VersionedContent, r: SiteRenderer): VersionPages {
    const { content } = next;
    const previous = shown;
    const projectDates = new Map(content.projects.map((p) => [paths.project(p.slug), day(new Date(p.updatedAt))]));
    const slots = new Map<string, PageSlot>();
    for (const { path, file: key, shows, status } of pagesToRender(content)) {
      const showing = JSON.stringify(shows);
      const built = build.get(key);
      if (built && showing === withoutContent.get(key)) {
        slots.set(key, readySlot({ file: built, lastmod: r.buildDate, showing }));
        continue;
      }
      const before = previous.slots.get(key);
      if (before?.showing === showing) {
        slots.set(key, before);
        continue;
      }
      const make = async (): Promise<Page> => {
        const page = await r.render(path, { content });
        if (page.status !== status) throw new Error(`${path} rendered with status ${page.status}`);
        const raw = Buffer.from(await r.finish(page));
        const etag = etagOf(raw);
        if (before?.ready?.file.etag === etag) return { ...before.ready, showing };
        if (built?.etag === etag) return { file: built, lastmod: r.buildDate, showing };
        const file = await cachedFile(raw, htmlType, 'quick');
        quicklyCompressed.add(file);
        return { file, lastmod: projectDates.get(path) ?? day(next.changedAt), showing };
      };
      slots.set(key, lazySlot(showing, make, before?.ready?.file ?? before?.fallback ?? built));
    }
    let sitemap: Promise<CachedFile> | undefined;
    const makeSitemap = async () => {
      const lastmods = new Map<string, string>();
      for (const [key, slot] of slots)
        lastmods.set(key, (await slot.get().catch(() => undefined))?.lastmod ?? r.buildDate);
      const entries = sitePaths(content).map((path) => ({
        path,
        lastmod: lastmods.get(`/${pageFileFor(path)}`) ?? r.buildDate,
      }));
      return cachedFile(Buffer.from(sitemapXml(r.siteUrl, entries)), xmlType);
    };
    const sitemapOnce = () =>
      (sitemap ??= makeSitemap().catch((error: unknown) => {
        sitemap = undefined;
        throw error;
      }));
    return { version: next.version, slots, sitemap: sitemapOnce };
  }

  /** Renders every page of `pages` not rendered yet, one at a time, then compresses them as the build's are. */
  async function renderAll(pages: VersionPages, rendering: number) {
    const started = performance.now();
    let failed = 0;
    for (const [key, slot] of pages.slots) {
      // A newer version took over: its own pass renders what it shares with this one.
      if (shown !== pages) return;
      if (slot.ready) continue;
      await slot.get().catch((error: unknown) => {
        failed += 1;
        logger.error({ error: safeError(error), page: key, version: pages.version }, 'page not rendered');
      });
      // Requests waiting meanwhile are answered between two pages.
      await nextTurn();
    }
    await pages.sitemap?.().catch((error: unknown) => {
      failed += 1;
      logger.error({ error: safeError(error), version: pages.version }, 'sitemap not made');
    });
    logger.info(
      {
        version: pages.version,
        pages: pages.slots.size,
        rendered: rendering,
        failed,
        ms: Math.round(performance.now() - started),
      },
      'pages of the site content rendered',
    );
    for (const slot of pages.slots.values()) {
      const file = slot.ready?.file;
      if (shown !== pages) return;
      if (!file || !quicklyCompressed.has(file)) continue;
      file.br = await brotliOf(file.raw, 'best');
      quicklyCompressed.delete(file);
    }
  }

  return {
    async update(next) {
      if (isEmptySiteContent(next.content)) {
        shown = { version: next.version, slots: new Map() };
        return;
      }
      const pages = plan(next, await loadRenderer());
      const rendering = [...pages.slots.values()].filter((slot) => !slot.ready).length;
      shown = pages;
      void renderAll(pages, rendering).catch((error: unknown) =>
        logger.error({ error: safeError(error), version: pages.version }, 'pages of the site content not finished'),
      );
    },
    async prepare() {
      await loadRenderer();
    },
    version: () => shown.version,
    page(file) {
      const slot = shown.slots.get(file);
      if (!slot) return undefined;
      if (slot.ready) return slot.ready.file;
      return slot.get().then(
        (page) => page.file,
        (error: unknown) => {
          logger.error({ error: safeError(error), page: file }, 'page not rendered; served as it was');
          return slot.fallback;
        },
      );
    },
    sitemap: () => shown.sitemap?.(),
  };
}

/**
 * The pages of a content version by file: those that show owner content (contentPages), and the
 * not-found pages the server answers unknown addresses with (they show the business facts too:
 * header, footer, the call button), as scripts/prerender.ts renders them.
 */
function pagesToRender(content: SiteContent) {
  return [
    ...contentPages(content).map(({ path, shows }) => ({ path, file: `/${pageFileFor(path)}`, shows, status: 200 })),
    ...[notFoundPath, '/services/x', '/locations/x', '/gallery/x'].map((unknown) => {
      const { url, file } = notFoundPageFor(unknown);
      return { path: url, file: `/${file}`, shows: { business: content.business } as object, status: 404 };
    }),
  ];
}

/**
 * Production: the SSR bundle the prerender used (dist/ssr/entry-server.js, the same module the
 * quote page's answer renders with) and the template kept beside it, finished as the prerender does,
 * for the server's SITE_URL when it is not the build's (`rewrite`, site-origin.ts).
 */
export function productionRenderer(distDir: string, rewrite?: OriginRewrite): () => Promise<SiteRenderer> {
  return onFirstUse('the pages renderer', async () => {
    const ssrDir = path.join(distDir, 'ssr');
    const entry = (await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href)) as Pick<
      SiteRenderer,
      'render' | 'siteUrl' | 'buildDate'
    >;
    const finish = await createPageFinisher({
      clientDir: path.join(distDir, 'client'),
      template: await readPageTemplate(ssrDir),
      known: await readKnownCriticalCss(ssrDir),
    });
    if (!rewrite) return { render: entry.render, siteUrl: entry.siteUrl, buildDate: entry.buildDate, finish };
    return {
      render: entry.render,
      siteUrl: rewrite.to,
      buildDate: entry.buildDate,
      finish: async (page) => rewrite.text(await finish(page)),
    };
  });
}

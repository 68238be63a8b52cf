import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { contentPages, emptySiteContent, isEmptySiteContent, type SiteContent } from '@shared/content/site-content';
import { notFoundPath, paths, sitePaths } from '@shared/routes';
import { sitemapXml } from '@shared/seo/sitemap';
import type { Logger } from '../logger';
import type { ContentListener } from '../services/site-content/content-watcher';
import type { VersionedContent } from '../services/site-content/site-content';
import { cachedFile, etagOf, type CachedFile } from './cached-file';
import { createPageFinisher, readPageTemplate, type FinishPage } from './page-document';
import { notFoundPageFor, pageFileFor } from './page-files';
import type { RenderedPage } from './page-template';
import type { BuildFiles, PageOverlay } from './static-site';

/** What renders a page of a content version: the SSR bundle's render() and the prerender's finishing. */
export interface SiteRenderer {
  render(url: string, options: { content: SiteContent }): Promise<RenderedPage>;
  finish: FinishPage;
  /** The SITE_URL and the date of the build (the sitemap's). */
  siteUrl: string;
  buildDate: string;
}

interface Page {
  file: CachedFile;
  /** YYYY-MM-DD: when it last changed, for the sitemap. */
  lastmod: string;
  /** What of the content it shows, as JSON (ContentPage.shows). */
  showing: string;
}

interface VersionPages {
  version: number;
  /** By file, as the build names them ('/gallery/index.html'); empty: the build's pages. */
  pages: ReadonlyMap<string, Page>;
  sitemap?: CachedFile;
}

export interface SitePages extends PageOverlay {
  /** Renders the pages of a new content version (the content watcher's listener). */
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
 * The pages of the owner's content, per content version, from memory as the prerendered ones are:
 * when the version moves, each page that shows owner content (contentPages) and shows something
 * else than in the previous version is rendered with the same React render and finishing as the
 * prerender (`renderer`), then compressed once (brotli and gzip), and the whole set replaces the
 * previous one at once, with the sitemap. A page that shows what it would without any content is
 * the build's own; one whose bytes come out the same keeps its file (and ETag). Without any owner
 * content nothing is rendered: the site is exactly the build.
 *
 * Rendering runs one page at a time between requests (a few tens of ms each), so the site keeps
 * answering while a version renders; a render that fails leaves the previous version in place
 * (the watcher tries again at its next check).
 */
export function createSitePages(options: {
  build: BuildFiles;
  loadRenderer: () => Promise<SiteRenderer>;
  logger: Logger;
}): SitePages {
  const { build, logger } = options;
  let renderer: Promise<SiteRenderer> | undefined;
  let shown: VersionPages = { version: -1, pages: new Map() };
  /** What each page shows without any owner content: such a page is the build's. */
  const withoutContent = new Map(
    pagesToRender(emptySiteContent).map((page) => [page.file, JSON.stringify(page.shows)]),
  );

  const loadRenderer = () => {
    renderer ??= options.loadRenderer().catch((error: unknown) => {
      renderer = undefined;
      throw error;
    });
    return renderer;
  };

  async function render(next: VersionedContent): Promise<VersionPages> {
    const { content } = next;
    if (isEmptySiteContent(content)) return { version: next.version, pages: new Map() };
    const started = performance.now();
    const r = await loadRenderer();
    const pages = new Map<string, Page>();
    const projectDates = new Map(content.projects.map((p) => [paths.project(p.slug), day(new Date(p.updatedAt))]));
    let rendered = 0;
    const compressing: Promise<void>[] = [];
    for (const { path, file: key, shows, status } of pagesToRender(content)) {
      const showing = JSON.stringify(shows);
      const before = shown.pages.get(key);
      const built = build.get(key);
      if (built && showing === withoutContent.get(key)) {
        pages.set(key, { file: built, lastmod: r.buildDate, showing });
        continue;
      }
      if (before?.showing === showing) {
        pages.set(key, before);
        continue;
      }
      const page = await r.render(path, { content });
      if (page.status !== status) throw new Error(`${path} rendered with status ${page.status}`);
      const raw = Buffer.from(await r.finish(page));
      const etag = etagOf(raw);
      if (before?.file.etag === etag) pages.set(key, { ...before, showing });
      else if (built?.etag === etag) pages.set(key, { file: built, lastmod: r.buildDate, showing });
      else {
        const lastmod = projectDates.get(path) ?? day(next.changedAt);
        // Compressed on the thread pool while the next page renders.
        compressing.push(cachedFile(raw, htmlType).then((file) => void pages.set(key, { file, lastmod, showing })));
      }
      rendered += 1;
      // Requests waiting meanwhile are answered between two pages.
      await nextTurn();
    }
    await Promise.all(compressing);
    const sitemap = await cachedFile(
      Buffer.from(
        sitemapXml(
          r.siteUrl,
          sitePaths(content).map((path) => ({
            path,
            lastmod: pages.get(`/${pageFileFor(path)}`)?.lastmod ?? r.buildDate,
          })),
        ),
      ),
      xmlType,
    );
    logger.info(
      { version: next.version, pages: pages.size, rendered, ms: Math.round(performance.now() - started) },
      'pages of the site content rendered',
    );
    return { version: next.version, pages, sitemap };
  }

  return {
    async update(next) {
      shown = await render(next);
    },
    async prepare() {
      await loadRenderer();
    },
    version: () => shown.version,
    page: (file) => shown.pages.get(file)?.file,
    sitemap: () => shown.sitemap,
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
 * quote page's answer renders with) and the template kept beside it, finished as the prerender does.
 */
export function productionRenderer(distDir: string): () => Promise<SiteRenderer> {
  return async () => {
    const ssrDir = path.join(distDir, 'ssr');
    const entry = (await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href)) as Pick<
      SiteRenderer,
      'render' | 'siteUrl' | 'buildDate'
    >;
    const finish = await createPageFinisher({
      clientDir: path.join(distDir, 'client'),
      template: await readPageTemplate(ssrDir),
    });
    return { render: entry.render, siteUrl: entry.siteUrl, buildDate: entry.buildDate, finish };
  };
}

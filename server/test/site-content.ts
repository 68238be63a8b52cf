import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { isKnownPath } from '@shared/routes';
import type { DatabaseHandle } from '../db/client';
import { projectPhotos, projects } from '../db/schema';
import { silentLogger } from '../logger';
import { createSitePages, type SiteRenderer } from '../http/site-pages';
import { loadBuild, staticSite } from '../http/static-site';
import { createContentWatcher, type SiteContentWatcher } from '../services/site-content/content-watcher';
import type { ServedApp } from './app-fixture';
import { tempDir } from './http';
import { bumpContentVersion } from '../services/site-content/content-version';

/**
 * A renderer for tests of the publishing path without a build: each page lists the projects'
 * titles (a service page those of its service), and the sitemap comes out as the server writes it.
 */
export const listingRenderer: SiteRenderer = {
  async render(url, { content }) {
    const service = /^\/services\/(.+)$/.exec(url)?.[1];
    const titles = content.projects
      .filter((project) => !service || project.service === service)
      .map((project) => `<li>${project.title}</li>`)
      .join('');
    return { head: '', html: `<h1>${url}</h1><ul>${titles}</ul>`, status: isKnownPath(url, content) ? 200 : 404 };
  },
  finish: async (page) => `<!doctype html>${page.head}${page.html}`,
  siteUrl: 'https://www.example.test',
  buildDate: '2025-01-01',
};

/** A client build of a few files, for staticSite: the pages the listing renderer renders show none of the owner's projects. */
export async function writeTestBuild(dir: string): Promise<string> {
  const clientDir = path.join(dir, 'client');
  const page = (url: string) => `<!doctype html><h1>${url}</h1><ul></ul>`;
  for (const [file, body] of [
    ['index.html', page('/')],
    ['gallery/index.html', page('/gallery')],
    ['services/decks/index.html', page('/services/decks')],
    ['404.html', '<!doctype html><h1>Not found</h1>'],
    ['gallery/not-found.html', '<!doctype html><h1>Project Not Found</h1>'],
    ['sitemap.xml', '<?xml version="1.0"?><urlset></urlset>\n'],
  ] as const) {
    await mkdir(path.dirname(path.join(clientDir, file)), { recursive: true });
    await writeFile(path.join(clientDir, file), body);
  }
  return clientDir;
}

/**
 * One more server on the fixture's database, made as server/index.ts makes it: a content watcher
 * checking every 100 ms and a test build with its overlay of pages drawn by `renderer`. `run` gets
 * its address and its watcher (refresh(): what the owner's save on this server does).
 */
export async function withSiteServer(
  served: ServedApp,
  renderer: SiteRenderer,
  run: (base: string, siteContent: SiteContentWatcher) => Promise<void>,
): Promise<void> {
  const dir = await tempDir('site-pages-build');
  try {
    const clientDir = await writeTestBuild(dir.dir);
    const build = loadBuild(clientDir);
    const siteContent = createContentWatcher({ database: served.database, intervalMs: 100 });
    const pages = createSitePages({ build, loadRenderer: async () => renderer, logger: silentLogger });
    siteContent.onChange(pages.update);
    await siteContent.start();
    try {
      await served.withApp({ siteContent, site: staticSite(clientDir, { files: build, overlay: pages }) }, (base) =>
        run(base, siteContent),
      );
    } finally {
      await siteContent.stop();
    }
  } finally {
    await dir.remove();
  }
}

/**
 * Publishes a project straight into the database, as the owner's Publish does (photos rows
 * included, no files): in one transaction with the content version's bump.
 */
export async function publishTestProject(
  database: DatabaseHandle,
  fields: { title: string; slug?: string; service?: 'decks' | 'roofing'; area?: 'payson' | 'other'; town?: string },
): Promise<string> {
  const id = randomUUID();
  await database.transaction(async (tx) => {
    const photo = async () =>
      (
        await tx
          .insert(projectPhotos)
          .values({ width: 1200, height: 900, widths: [480, 800, 1200], placeholder: 'data:image/webp;base64,AA==' })
          .returning({ id: projectPhotos.id })
      )[0]!.id;
    await tx.insert(projects).values({
      id,
      slug: fields.slug ?? fields.title.toLowerCase().replace(/\W+/g, '-'),
      status: 'published',
      title: fields.title,
      service: fields.service ?? 'decks',
      area: fields.area ?? 'payson',
      town: fields.town ?? null,
      beforePhotoId: await photo(),
      afterPhotoId: await photo(),
      beforeAlt: `${fields.title}, before`,
      afterAlt: `${fields.title}, after`,
      problem: 'The boards were rotten.',
      solution: 'We rebuilt it.',
      publishedAt: new Date(),
    });
    await bumpContentVersion(tx);
  });
  return id;
}

/** Takes a project off the site, as the owner's Unpublish does. */
export async function unpublishTestProject(database: DatabaseHandle, id: string): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.update(projects).set({ status: 'draft' }).where(eq(projects.id, id));
    await bumpContentVersion(tx);
  });
}

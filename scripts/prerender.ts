import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { business } from '../shared/content/business';
import { notFoundPath, prerenderPaths } from '../shared/routes';
import { notFoundPageFor, pageFileFor } from '../server/http/page-files';
import { createPageFinisher, criticalCssFile, pageTemplateFile } from '../server/http/page-document';
import type { RenderPage } from '../server/http/page-template';

/**
 * Renders every route of shared/routes.ts into its own HTML file in the client build, plus the
 * not-found pages the server answers unknown paths with. The template is kept beside the SSR
 * bundle: the server renders the pages of the owner's content with both (server/http/site-pages.ts).
 */
export interface PrerenderedPage {
  url: string;
  file: string;
  status: number;
  /** The page's <title>, without the business name. */
  title: string;
}

export async function prerender(options: { clientDir: string; ssrEntry: string }): Promise<PrerenderedPage[]> {
  const { render } = (await import(pathToFileURL(options.ssrEntry).href)) as { render: RenderPage };
  const template = await readFile(path.join(options.clientDir, 'index.html'), 'utf8');
  const pages = [
    ...prerenderPaths.map((url) => ({ url, file: pageFileFor(url), status: 200 })),
    ...[notFoundPath, '/services/x', '/locations/x', '/gallery/x'].map((p) => ({ ...notFoundPageFor(p), status: 404 })),
  ];
  await writeFile(path.join(path.dirname(options.ssrEntry), pageTemplateFile), template);
  const finish = await createPageFinisher({ clientDir: options.clientDir, template });
  const written: PrerenderedPage[] = [];
  for (const page of pages) {
    const rendered = await render(page.url);
    if (rendered.status !== page.status) {
      throw new Error(`Prerender: ${page.url} rendered with status ${rendered.status}, expected ${page.status}`);
    }
    const out = path.join(options.clientDir, page.file);
    await mkdir(path.dirname(out), { recursive: true });
    // The page's only script is the small entry (client/src/entry-client.ts); each island's code
    // is fetched when that island is needed.
    await writeFile(out, await finish(rendered));
    const title = /<title>([^<]*)<\/title>/.exec(rendered.head)?.[1] ?? '';
    const ownTitle = title.split(' | ').find((part) => part !== business.name) ?? title;
    written.push({ ...page, title: decodeEntities(ownTitle) });
  }
  // The server's renders of the same pages with the owner's content start from it (server/http/critical-css.ts).
  await writeFile(
    path.join(path.dirname(options.ssrEntry), criticalCssFile),
    JSON.stringify(finish.knownCriticalCss()),
  );
  return written;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

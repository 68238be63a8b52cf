import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { business } from '../shared/content/business';
import { prerenderPaths } from '../shared/routes';
import { sitemapXml as sitemapOf } from '../shared/seo/sitemap';
import { absoluteUrl, defaultSiteUrl } from '../shared/site';

/**
 * sitemap.xml: every page of the same route list the router uses, on the SITE_URL origin. Once
 * the owner publishes projects the server answers its own, with their pages (server/http/site-pages.ts).
 */
export function sitemapXml(siteUrl: string, today: string): string {
  return sitemapOf(
    siteUrl,
    prerenderPaths.map((path) => ({ path, lastmod: today })),
  );
}

/** robots.txt. The development server answers with the same (server/http/dev-site.ts). */
export function robotsTxt(siteUrl: string): string {
  // The owner's inbox is private: never crawled, never listed in the sitemap.
  return `User-agent: *\nAllow: /\nDisallow: /owner\nDisallow: /api/owner\n\nSitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}\n`;
}

/** sitemap.xml, robots.txt and the web app manifest, from the same route list the router uses. */
export async function writeSeoFiles(
  clientDir: string,
  siteUrl = process.env.SITE_URL || defaultSiteUrl,
): Promise<void> {
  const today = process.env.BUILD_DATE ?? new Date().toLocaleDateString('en-CA');
  await writeFile(path.join(clientDir, 'sitemap.xml'), sitemapXml(siteUrl, today));
  await writeFile(path.join(clientDir, 'robots.txt'), robotsTxt(siteUrl));
  const manifest = {
    name: business.name,
    short_name: business.name,
    start_url: '/',
    display: 'standalone',
    background_color: '#fdfaf4',
    theme_color: '#1f3d2b',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
    ],
  };
  await writeFile(path.join(clientDir, 'site.webmanifest'), `${JSON.stringify(manifest, null, 2)}\n`);
}

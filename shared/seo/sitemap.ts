import { absoluteUrl } from '../site';

export interface SitemapEntry {
  path: string;
  /** YYYY-MM-DD: when the page last changed. */
  lastmod: string;
}

/** sitemap.xml of the given pages on the SITE_URL origin: the build's, and the server's once the owner published content. */
export function sitemapXml(siteUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries
    .map((entry) => `  <url><loc>${absoluteUrl(siteUrl, entry.path)}</loc><lastmod>${entry.lastmod}</lastmod></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

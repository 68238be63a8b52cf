/**
 * The public origin of the site, used for canonical URLs, Open Graph URLs and the sitemap.
 * Set SITE_URL when building for the real domain; this default is a placeholder.
 */
export const defaultSiteUrl = 'https://www.rimcountrycarpentry.example';

/** siteUrl + path, e.g. ("https://x.com/", "/about") -> "https://x.com/about". */
export function absoluteUrl(siteUrl: string, path: string): string {
  return siteUrl.replace(/\/+$/, '') + path;
}

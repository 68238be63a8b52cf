import { absoluteUrl } from '@shared/site';

declare const __SITE_URL__: string;

/** The configured public origin (SITE_URL at build time). */
export const siteUrl: string = __SITE_URL__;

export function pageUrl(path: string): string {
  return absoluteUrl(siteUrl, path);
}

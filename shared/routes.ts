import type { SiteContent } from './content/site-content';
import { locationSlugs, serviceSlugs } from './content/slugs';

/** Every path of the site. The router and the prerender list both derive from here. */
export const paths = {
  home: '/',
  contactSection: '/#contact',
  services: '/services',
  service: (slug: string) => `/services/${slug}`,
  location: (slug: string) => `/locations/${slug}`,
  gallery: '/gallery',
  /** An owner's project (shared/content/site-content.ts): its own page. */
  project: (slug: string) => `/gallery/${slug}`,
  pineBundles: '/pine-bundles',
  about: '/about',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
} as const;

type PathName = Exclude<keyof typeof paths, 'contactSection'>;

/** Route patterns for wouter: each page's path, with `:slug` where a page of many takes its slug. */
export const routePatterns = Object.fromEntries(
  Object.entries(paths)
    .filter(([name]) => name !== 'contactSection')
    .map(([name, path]) => [name, typeof path === 'function' ? path(':slug') : path]),
) as Record<PathName, string>;

/** Every concrete URL that is prerendered at build time (and listed in the sitemap). */
export const prerenderPaths: readonly string[] = [
  paths.home,
  paths.services,
  ...serviceSlugs.map(paths.service),
  ...locationSlugs.map(paths.location),
  paths.gallery,
  paths.pineBundles,
  paths.about,
  paths.contact,
  paths.privacy,
  paths.terms,
];

/** The page served for any unknown path (with HTTP 404). */
export const notFoundPath = '/404';

/**
 * True when the path is one of the site's pages (served with 200); anything else is a 404. The
 * pages of the owner's published projects are known once `content` holds them.
 */
export function isKnownPath(pathname: string, content?: SiteContent): boolean {
  if (prerenderPaths.includes(pathname)) return true;
  const project = /^\/gallery\/([^/]+)$/.exec(pathname)?.[1];
  return Boolean(project && content?.projects.some((published) => published.slug === project));
}

/** Every page of the site for `content`, in the sitemap's order: the build's pages, then the projects'. */
export function sitePaths(content: SiteContent): string[] {
  return [...prerenderPaths, ...content.projects.map((project) => paths.project(project.slug))];
}

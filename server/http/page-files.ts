import { notFoundPath } from '@shared/routes';

/**
 * Where the prerendered HTML of a path lives inside the client build, e.g. "/" -> "index.html",
 * "/services/roofing" -> "services/roofing/index.html".
 */
export function pageFileFor(pathname: string): string {
  const clean = pathname.replace(/\/+$/, '');
  return clean === '' ? 'index.html' : `${clean.slice(1)}/index.html`;
}

/**
 * The not-found page to serve for an unknown path: a service or location slug that does not
 * exist gets its own 'Service Not Found' / 'Location Not Found' page, a project that is not (or no
 * longer) published 'Project Not Found'; anything else the generic one.
 */
export function notFoundPageFor(pathname: string): { url: string; file: string } {
  if (/^\/services\/[^/]+$/.test(pathname)) return { url: '/services/not-found', file: 'services/not-found.html' };
  if (/^\/locations\/[^/]+$/.test(pathname)) return { url: '/locations/not-found', file: 'locations/not-found.html' };
  if (/^\/gallery\/[^/]+$/.test(pathname)) return { url: '/gallery/not-found', file: 'gallery/not-found.html' };
  return { url: notFoundPath, file: '404.html' };
}

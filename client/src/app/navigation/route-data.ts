/**
 * Where the content of a page rendered by the app's router comes from, so that a page reached by
 * client navigation shows exactly what a direct load of its URL shows.
 *
 * - `bundled`: everything the page shows is in the route modules (shared/content, compiled into
 *   the router's chunk). The chunk and the prerendered HTML come from the same build (the chunk's
 *   name carries its hash): a document of one build never runs the router of another. A deploy
 *   that replaced the chunks makes the import fail, and links stay full loads.
 * - `document`: the page holds what only the server knows at request time (projects the owner
 *   published, approved reviews: the next issues). Until the server answers such a route's data
 *   as versioned JSON for the router (the design in docs/performance.md, "Client navigation"), a
 *   link to it is a full load of the URL, never a page missing what the server would send.
 *
 * Every route is `bundled` today.
 */
export type RouteDataSource = 'bundled' | 'document';

/** Path prefixes whose pages need the server's data (none yet). */
const serverDataPaths: readonly string[] = [];

export function routeDataSource(pathname: string): RouteDataSource {
  return serverDataPaths.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))
    ? 'document'
    : 'bundled';
}

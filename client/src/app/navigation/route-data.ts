/**
 * Where the content of a page rendered by the app's router comes from, so that a page reached by
 * client navigation shows exactly what a direct load of its URL shows.
 *
 * - `bundled`: everything the page shows is in the route modules (shared/content, compiled into
 *   the router's chunk). The chunk and the prerendered HTML come from the same build (the chunk's
 *   name carries its hash): a document of one build never runs the router of another. A deploy
 *   that replaced the chunks makes the import fail, and links stay full loads.
 * - `server`: the page also shows what the owner published (projects, reviews, and on every page
 *   his business details: shared/content/site-content.ts), which only the server knows. The router fetches the server's current
 *   version of it (GET /api/site-content, the same version the server's own pages are rendered
 *   from: site-content.ts here) on the intent to follow the link and renders the page with it;
 *   if it cannot be fetched in time, the link is a full load of the URL.
 * - `document`: always a full load (none today).
 */
export type RouteDataSource = 'bundled' | 'server' | 'document';

/**
 * Every page shows the owner's business details (the header's phone, the footer, the structured
 * data: contentPages lists them all), so every page's data comes from the server.
 */
export function routeDataSource(_pathname: string): RouteDataSource {
  return 'server';
}

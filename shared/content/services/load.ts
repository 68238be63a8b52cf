import type { ServiceSlug } from '../slugs';
import type { Service } from '../types';

/**
 * Loads one service's full texts on demand, so a service page downloads its own service and not
 * all eighteen. (`./index.ts` imports them all at once, for tests, the server and scripts.)
 */
const loaders: { [S in ServiceSlug]: () => Promise<Service & { slug: S }> } = {
  framing: () => import('./framing').then((m) => m.framingService),
  roofing: () => import('./roofing').then((m) => m.roofingService),
  siding: () => import('./siding').then((m) => m.sidingService),
  'hardwood-floor': () => import('./hardwood-floor').then((m) => m.hardwoodFloorService),
  'vinyl-plank': () => import('./vinyl-plank').then((m) => m.vinylPlankService),
  'ceramic-tile': () => import('./ceramic-tile').then((m) => m.ceramicTileService),
  'walk-in-showers': () => import('./walk-in-showers').then((m) => m.walkInShowersService),
  'interior-trim': () => import('./interior-trim').then((m) => m.interiorTrimService),
  cabinets: () => import('./cabinets').then((m) => m.cabinetsService),
  drywall: () => import('./drywall').then((m) => m.drywallService),
  painting: () => import('./painting').then((m) => m.paintingService),
  'doors-windows': () => import('./doors-windows').then((m) => m.doorsWindowsService),
  'bathroom-remodeling': () => import('./bathroom-remodeling').then((m) => m.bathroomRemodelingService),
  'kitchen-remodeling': () => import('./kitchen-remodeling').then((m) => m.kitchenRemodelingService),
  decks: () => import('./decks').then((m) => m.decksService),
  fences: () => import('./fences').then((m) => m.fencesService),
  'rotten-wood-replacement': () => import('./rotten-wood-replacement').then((m) => m.rottenWoodReplacementService),
  'fireplace-mantels': () => import('./fireplace-mantels').then((m) => m.fireplaceMantelsService),
};

const isServiceSlug = (slug: string): slug is ServiceSlug => Object.hasOwn(loaders, slug);

const cache = new Map<string, Promise<Service | undefined>>();

/** The same promise for the same slug, so React's `use()` can wait on it across renders. */
export function loadService(slug: string): Promise<Service | undefined> {
  let promise = cache.get(slug);
  if (!promise) {
    const load = isServiceSlug(slug) ? loaders[slug] : undefined;
    promise = load ? load() : Promise.resolve(undefined);
    cache.set(slug, promise);
  }
  return promise;
}

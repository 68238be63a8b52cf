import type { LocationSlug, ServiceSlug } from './slugs';

/**
 * The display names of the services and service areas. The menus on every page need only these,
 * so they live apart from the longer texts (service-summaries.ts, locations.ts).
 */
export const serviceNames = {
  framing: 'Framing',
  roofing: 'Roofing',
  siding: 'Siding',
  'hardwood-floor': 'Hardwood Flooring',
  'vinyl-plank': 'Vinyl Plank Flooring',
  'ceramic-tile': 'Ceramic Tile',
  'walk-in-showers': 'Walk-in Showers',
  'interior-trim': 'Interior Trim',
  cabinets: 'Cabinets',
  drywall: 'Drywall',
  painting: 'Painting',
  'doors-windows': 'Doors & Windows',
  'bathroom-remodeling': 'Bathroom Remodeling',
  'kitchen-remodeling': 'Kitchen Remodeling',
  decks: 'Decks',
  fences: 'Fences',
  'rotten-wood-replacement': 'Rotten Wood Replacement',
  'fireplace-mantels': 'Fireplace Mantels',
} as const satisfies Record<ServiceSlug, string>;

export const locationNames = {
  payson: 'Payson',
  strawberry: 'Strawberry',
  pine: 'Pine',
  'arizona-statewide': 'Northern Arizona',
  'phoenix-projects': 'Phoenix Area',
} as const satisfies Record<LocationSlug, string>;

/** The 18 service slugs and 5 location slugs, in the specification's order. */
export const serviceSlugs = [
  'framing',
  'roofing',
  'siding',
  'hardwood-floor',
  'vinyl-plank',
  'ceramic-tile',
  'walk-in-showers',
  'interior-trim',
  'cabinets',
  'drywall',
  'painting',
  'doors-windows',
  'bathroom-remodeling',
  'kitchen-remodeling',
  'decks',
  'fences',
  'rotten-wood-replacement',
  'fireplace-mantels',
] as const;

export type ServiceSlug = (typeof serviceSlugs)[number];

export const locationSlugs = ['payson', 'strawberry', 'pine', 'arizona-statewide', 'phoenix-projects'] as const;

export type LocationSlug = (typeof locationSlugs)[number];

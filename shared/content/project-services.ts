import type { projectTypes } from '../schemas/quote-options';
import type { ServiceSlug } from './slugs';

/**
 * The service page of each project type the quote form offers: where a review of that job shows
 * beside the home page. "Other" has none.
 */
export const projectTypeServices = {
  'Bathroom Remodeling': 'bathroom-remodeling',
  Cabinets: 'cabinets',
  'Ceramic Tile': 'ceramic-tile',
  Deck: 'decks',
  'Doors & Windows': 'doors-windows',
  Drywall: 'drywall',
  Fence: 'fences',
  'Fireplace Mantel': 'fireplace-mantels',
  Framing: 'framing',
  'Hardwood Flooring': 'hardwood-floor',
  'Interior Trim': 'interior-trim',
  'Kitchen Remodeling': 'kitchen-remodeling',
  Painting: 'painting',
  Roofing: 'roofing',
  'Rotten Wood Replacement': 'rotten-wood-replacement',
  Siding: 'siding',
  'Vinyl Plank Flooring': 'vinyl-plank',
  'Walk-in Shower': 'walk-in-showers',
  Other: null,
} as const satisfies Record<(typeof projectTypes)[number], ServiceSlug | null>;

/** The service slug of a stored project type, or null (Other, or a type no longer offered). */
export function serviceSlugOfProjectType(projectType: string): ServiceSlug | null {
  return (projectTypeServices as Record<string, ServiceSlug | null>)[projectType] ?? null;
}

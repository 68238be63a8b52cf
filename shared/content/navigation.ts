import { paths } from '../routes';
import { serviceSlugs, type ServiceSlug } from './slugs';
import type { NavItem } from './types';

/** The footer's own labels of the services, shorter or friendlier than their names. */
const footerServiceLabels = {
  framing: 'Framing',
  roofing: 'Roofing',
  siding: 'Siding',
  'hardwood-floor': 'Hardwood Floors',
  'vinyl-plank': 'Vinyl Plank Flooring',
  'ceramic-tile': 'Ceramic',
  'walk-in-showers': 'Walk-in Tile Showers',
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

const footerColumnCount = 3;
const perColumn = Math.ceil(serviceSlugs.length / footerColumnCount);

/** Footer service columns: every service once, in the order of `serviceSlugs`, six to a column. */
export const footerServiceColumns: readonly (readonly NavItem[])[] = Array.from(
  { length: footerColumnCount },
  (_, column) =>
    serviceSlugs
      .slice(column * perColumn, (column + 1) * perColumn)
      .map((slug) => ({ name: footerServiceLabels[slug], href: paths.service(slug) })),
);

export const otherServicesNav: readonly NavItem[] = [{ name: 'Pine Bundles', href: paths.pineBundles }];

import { paths } from '../routes';
import { serviceNames } from './names';
import { serviceSlugs, type ServiceSlug } from './slugs';
import type { NavItem } from './types';

/** The footer's labels of the services: their names, with a few shorter or friendlier ones. */
const footerServiceLabels = {
  ...serviceNames,
  'hardwood-floor': 'Hardwood Floors',
  'ceramic-tile': 'Ceramic',
  'walk-in-showers': 'Walk-in Tile Showers',
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

import { paths } from '../routes';
import type { NavItem } from './types';

/** Footer service columns: the footer uses its own, shorter or friendlier labels. */
export const footerServiceColumns: readonly (readonly NavItem[])[] = [
  [
    { name: 'Framing', href: paths.service('framing') },
    { name: 'Roofing', href: paths.service('roofing') },
    { name: 'Siding', href: paths.service('siding') },
    { name: 'Hardwood Floors', href: paths.service('hardwood-floor') },
    { name: 'Vinyl Plank Flooring', href: paths.service('vinyl-plank') },
    { name: 'Ceramic', href: paths.service('ceramic-tile') },
  ],
  [
    { name: 'Walk-in Tile Showers', href: paths.service('walk-in-showers') },
    { name: 'Interior Trim', href: paths.service('interior-trim') },
    { name: 'Cabinets', href: paths.service('cabinets') },
    { name: 'Drywall', href: paths.service('drywall') },
    { name: 'Painting', href: paths.service('painting') },
    { name: 'Doors & Windows', href: paths.service('doors-windows') },
  ],
  [
    { name: 'Bathroom Remodeling', href: paths.service('bathroom-remodeling') },
    { name: 'Kitchen Remodeling', href: paths.service('kitchen-remodeling') },
    { name: 'Decks', href: paths.service('decks') },
    { name: 'Fences', href: paths.service('fences') },
    { name: 'Rotten Wood Replacement', href: paths.service('rotten-wood-replacement') },
    { name: 'Fireplace Mantels', href: paths.service('fireplace-mantels') },
  ],
];

export const otherServicesNav: readonly NavItem[] = [{ name: 'Pine Bundles', href: paths.pineBundles }];

export const footerCompanyNav: readonly NavItem[] = [
  { name: 'All Services', href: paths.services },
  { name: 'Before & After', href: paths.gallery },
  { name: 'Pine Bundles', href: paths.pineBundles },
  { name: 'About', href: paths.about },
  { name: 'Contact', href: paths.contact },
];

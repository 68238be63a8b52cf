import { locationNames, serviceNames } from '@shared/content/names';
import { otherServicesNav } from '@shared/content/navigation';
import { locationSlugs, serviceSlugs } from '@shared/content/slugs';
import type { NavItem } from '@shared/content/types';
import { paths } from '@shared/routes';

// Built from names and slugs only, so the menus do not pull the service and area texts into every page.
export const serviceNavItems: readonly NavItem[] = serviceSlugs.map((slug) => ({
  name: serviceNames[slug],
  href: paths.service(slug),
}));
export const locationNavItems: readonly NavItem[] = locationSlugs.map((slug) => ({
  name: locationNames[slug],
  href: paths.location(slug),
}));
export { otherServicesNav };

/** Mobile drawer lists only the first ten services, to stay short on a phone; /services lists them all. */
export const drawerServiceItems = serviceNavItems.slice(0, 10);

/** Split a list into n columns of near-equal length, keeping order top-to-bottom. */
export function toColumns<T>(items: readonly T[], n: number): T[][] {
  const size = Math.ceil(items.length / n);
  return Array.from({ length: n }, (_, i) => items.slice(i * size, (i + 1) * size));
}

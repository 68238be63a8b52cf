import { locations } from '@shared/content/locations';
import { otherServicesNav } from '@shared/content/navigation';
import { serviceSummaries } from '@shared/content/service-summaries';
import type { NavItem } from '@shared/content/types';
import { paths } from '@shared/routes';

export const serviceNavItems: readonly NavItem[] = serviceSummaries.map((s) => ({ name: s.name, href: paths.service(s.slug) }));
export const locationNavItems: readonly NavItem[] = locations.map((l) => ({ name: l.name, href: paths.location(l.slug) }));
export { otherServicesNav };

/** Mobile drawer lists only the first ten services (spec, point 9). */
export const drawerServiceItems = serviceNavItems.slice(0, 10);

/** Split a list into n columns of near-equal length, keeping order top-to-bottom. */
export function toColumns<T>(items: readonly T[], n: number): T[][] {
  const size = Math.ceil(items.length / n);
  return Array.from({ length: n }, (_, i) => items.slice(i * size, (i + 1) * size));
}

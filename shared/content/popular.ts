import { locations } from './locations';
import { serviceSummary, type ServiceSummary } from './service-summaries';
import type { ServiceSlug } from './slugs';
import type { Location } from './types';

/** The services listed under 'Popular Services' in every location page's sidebar, in this order. */
const popularServiceSlugs = [
  'framing',
  'roofing',
  'decks',
  'rotten-wood-replacement',
  'bathroom-remodeling',
] as const satisfies readonly ServiceSlug[];

/** Summaries only (name, icon), so location pages do not download the long service texts. */
export const popularServices: readonly ServiceSummary[] = popularServiceSlugs.map(serviceSummary);

/** Up to `limit` service areas other than the given one, in content order (the location page's sidebar). */
export function otherLocations(currentSlug: string, limit = 4): readonly Location[] {
  return locations.filter((location) => location.slug !== currentSlug).slice(0, limit);
}

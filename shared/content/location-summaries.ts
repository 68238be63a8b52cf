import { locationNames } from './names';
import type { Location } from './types';

/**
 * The short facts of each service area (name, card description), used by the home page's area
 * cards. Kept apart from the longer texts in locations.ts, like service-summaries.ts.
 */
export type LocationSummary = Pick<Location, 'id' | 'slug' | 'name' | 'description'>;

export const locationSummaries = [
  {
    id: 'payson',
    slug: 'payson',
    name: locationNames.payson,
    description:
      'Payson is our home base, right in the heart of Rim Country at about 5,000 feet. We build and repair decks, bathrooms, trim, tile, floors and more for homes and cabins all across town, and every job is done once, done right and made to hold up to mountain weather.',
  },
  {
    id: 'strawberry',
    slug: 'strawberry',
    name: locationNames.strawberry,
    description:
      'Strawberry is a small mountain community up near the Mogollon Rim, above Pine and Payson at roughly 5,800 to 6,000 feet. We help full-time residents and weekend cabin owners alike with decks, rot repair, bathrooms and interior updates built to stand up to real high-country winters.',
  },
  {
    id: 'pine',
    slug: 'pine',
    name: locationNames.pine,
    description:
      'Pine sits along SR 87 at about 5,400 feet, right next door to Strawberry and a short drive from our Payson base. From weathered decks and rotten trim to tile showers and full bathroom remodels, we bring careful carpentry to homes and cabins throughout this tight-knit mountain town.',
  },
  {
    id: 'arizona-statewide',
    slug: 'arizona-statewide',
    name: locationNames['arizona-statewide'],
    description:
      'Beyond Payson, Pine and Strawberry, we work throughout Northern Arizona, from Star Valley and Christopher Creek to Heber-Overgaard and the Camp Verde area. If the project is the right fit, we are glad to travel, bringing the same careful carpentry and honest workmanship to every home and cabin.',
  },
  {
    id: 'phoenix-projects',
    slug: 'phoenix-projects',
    name: locationNames['phoenix-projects'],
    description:
      'For larger projects, we travel down from Rim Country to the Phoenix metro, including Scottsdale, Mesa, Fountain Hills and Cave Creek. Bathroom and kitchen remodels, custom trim, tile and shade structures get the same careful, do-it-once craftsmanship we bring to every job in the high country.',
  },
] as const satisfies readonly LocationSummary[];

export function locationSummary(slug: string): LocationSummary {
  const summary = locationSummaries.find((l) => l.slug === slug);
  if (!summary) throw new Error(`No location summary for "${slug}"`);
  return summary;
}

import { locationSummary } from './location-summaries';
import type { Location } from './types';

/** The five service-area pages, in the specification's order; `id` equals `slug`. */
export const locations = [
  {
    ...locationSummary('payson'),
    headline: 'Carpentry & Remodeling in Payson, AZ',
    landmarks: [
      'Green Valley Park',
      'Mogollon Rim',
      'Tonto Natural Bridge State Park',
      'Payson Event Center',
      'Shoofly Village Ruins',
    ],
    neighborhoods: [
      'Star Valley',
      'Mesa del Caballo',
      'East Verde Park',
      'Whispering Pines',
      'Chaparral Pines',
      'The Rim Club',
    ],
    climateConsiderations:
      'At around 5,000 feet, Payson sees four real seasons. Winter nights drop well below freezing, so exterior wood, flashing and tile have to handle repeated freeze-thaw cycles. Summer monsoon storms bring heavy, wind-driven rain that finds every gap in siding, roofs and deck ledgers. The dry air and strong high-altitude sun shrink and fade wood quickly, and wildfire is a fact of life here, so we favor sealed, well-fastened work and Firewise-minded material choices near the house.',
  },
  {
    ...locationSummary('strawberry'),
    headline: 'Carpentry & Remodeling in Strawberry, AZ',
    landmarks: ['Strawberry Schoolhouse', 'Mogollon Rim', 'Fossil Creek', 'Arizona Trail', 'Pine-Strawberry Museum'],
    neighborhoods: ['Pine', 'Whispering Pines', 'East Verde Park', 'Payson', 'Star Valley'],
    climateConsiderations:
      'Strawberry sits higher than Payson and gets noticeably more snow, so roofs, decks and covered entries need to be framed for real snow loads. Snow that sits and melts against siding, stair stringers and deck boards invites rot, and constant freeze-thaw cycles loosen fasteners and crack tile and grout. Tall pines mean needles, shade and wildfire risk, so we keep wood off the ground, detail for drainage and lean on Firewise-minded materials close to the house.',
  },
  {
    ...locationSummary('pine'),
    headline: 'Carpentry & Remodeling in Pine, AZ',
    landmarks: [
      'Pine-Strawberry Museum',
      'Pine Creek',
      'Arizona Trail',
      'Tonto Natural Bridge State Park',
      'Strawberry Schoolhouse',
      'Mogollon Rim',
    ],
    neighborhoods: ['Strawberry', 'Whispering Pines', 'East Verde Park', 'Payson', 'Star Valley'],
    climateConsiderations:
      'Pine gets cold winters with regular snow and many freeze-thaw cycles, which punish exterior wood, concrete footings and anything that traps water. Summer monsoons add heavy downpours, so flashing, gutters and deck ledgers have to shed water properly. The dry mountain air opens gaps in trim and flooring as wood shrinks, and the surrounding ponderosa pine forest makes Firewise-minded choices, like ember-resistant details and clear space under decks, worth planning in from the start.',
  },
  {
    ...locationSummary('arizona-statewide'),
    headline: 'Carpentry & Remodeling Across Northern Arizona',
    landmarks: [
      'Mogollon Rim',
      'Woods Canyon Lake',
      'Tonto Natural Bridge State Park',
      'Montezuma Castle National Monument',
      'Fort Verde State Historic Park',
    ],
    neighborhoods: [
      'Star Valley',
      'Christopher Creek',
      'Kohls Ranch',
      'Tonto Village',
      'Forest Lakes',
      'Heber-Overgaard',
      'Camp Verde',
    ],
    climateConsiderations:
      'Northern Arizona covers a wide range of elevations, from the Verde Valley to communities on top of the Mogollon Rim, so we match the build to the site. Higher up, that means framing for snow loads and detailing for freeze-thaw; everywhere, it means handling monsoon downpours, very dry air and intense high-altitude UV. Much of the region is forested, so we plan for wildfire with Firewise-minded materials and keep wood well clear of soil and standing water.',
  },
  {
    ...locationSummary('phoenix-projects'),
    headline: 'Larger Remodeling Projects in the Phoenix Area',
    landmarks: [
      'Camelback Mountain',
      'McDowell Sonoran Preserve',
      'Fountain Park',
      'Superstition Mountains',
      'Papago Park',
    ],
    neighborhoods: ['Scottsdale', 'Mesa', 'Fountain Hills', 'Cave Creek', 'Carefree', 'Paradise Valley', 'Rio Verde'],
    climateConsiderations:
      'In the Phoenix area, summer heat well over 110 degrees and relentless UV break down finishes, sealants and exposed wood fast, and big daily temperature swings make materials expand and contract. Monsoon season brings dust storms and sudden downpours. Many homes are stucco over wood framing, so water getting behind it is a real concern, and caliche soils, landscape irrigation and subterranean termites all call for careful footings, drainage and keeping wood clear of the ground.',
  },
] as const satisfies readonly Location[];

export function getLocationBySlug(slug: string): Location | undefined {
  return locations.find((location) => location.slug === slug);
}

import { serviceNames } from './names';
import { serviceSlugs, type ServiceSlug } from './slugs';
import type { Service } from './types';

/**
 * The short facts of each service (name, card description, icon), used by menus, cards and the
 * footer on every page. Kept apart from the long texts in services/<slug>.ts so that every page
 * does not have to download all eighteen service pages.
 */
export type ServiceSummary = Pick<Service, 'id' | 'slug' | 'name' | 'description' | 'icon'>;

/** The card description and icon of each service (the name is in names.ts). */
const cardTexts = {
  framing: {
    description:
      'New walls, additions, porches and structural repairs, framed square and plumb and sized for Rim Country snow loads. We build the bones right so everything after them goes on straight.',
    icon: 'frame',
  },
  roofing: {
    description:
      'Roof replacement and repair in Class A fire-rated shingles, metal or tile, built for heavy snow and monsoon rain. Flashing, underlayment and vents get the same care as the surface.',
    icon: 'home',
  },
  siding: {
    description:
      'Siding replacement and repair in fiber-cement and other materials chosen for wildfire, sun and snow. We fix the rot and flashing behind the old siding before anything new goes on.',
    icon: 'layers',
  },
  'hardwood-floor': {
    description:
      'Hardwood floors installed and refinished with the moisture checked for our dry mountain air. We lay solid and engineered floors and sand worn ones back to bare wood.',
    icon: 'square-stack',
  },
  'vinyl-plank': {
    description:
      'Luxury vinyl plank installed over a flat, properly prepared subfloor in kitchens, baths, basements and cabins. It is waterproof, handles snowy boots and pets, and lasts 15-25 years.',
    icon: 'square',
  },
  'ceramic-tile': {
    description:
      'Ceramic and porcelain tile for floors, showers, backsplashes and entries, set on a stiff, waterproofed base. We build the layers under the tile so it stays tight for years.',
    icon: 'grid',
  },
  'walk-in-showers': {
    description:
      'Curbless and low-curb walk-in showers built on a properly sloped, fully waterproofed base. Tile, glass and grab-bar blocking are planned together so the shower stays sound for decades.',
    icon: 'droplet',
  },
  'interior-trim': {
    description:
      "Baseboard, casing, crown and wainscot cut and fitted by hand so the joints stay tight through the high country's dry spells and humid monsoon weeks.",
    icon: 'ruler',
  },
  cabinets: {
    description:
      'Cabinet installation, built-ins and refacing, leveled and scribed to real walls and floors. Doors line up, drawers run smoothly and countertops land on a flat, solid base.',
    icon: 'package',
  },
  drywall: {
    description:
      'Drywall hanging, taping and patching, from a single hole to a full remodel. We match existing wall textures and finish seams to stay flat through the seasons.',
    icon: 'box',
  },
  painting: {
    description:
      'Interior and exterior painting with the prep work that makes it last. Coatings are chosen for high-altitude sun, dry air and freeze-thaw cycles.',
    icon: 'paintbrush',
  },
  'doors-windows': {
    description:
      'Interior and exterior door and window installation, replacement and repair, set plumb, flashed correctly and sealed against wind, snow and monsoon rain.',
    icon: 'door-open',
  },
  'bathroom-remodeling': {
    description:
      'Complete bathroom remodels from the subfloor up, with real waterproofing behind the tile and a fan that clears the steam. Showers, tubs, vanities, floors and trim.',
    icon: 'bath',
  },
  'kitchen-remodeling': {
    description:
      'Kitchen remodels planned around how you actually cook, with solid cabinets, durable counters and good light. We handle layout, cabinetry, counters, tile, flooring and trim from start to finish.',
    icon: 'utensils',
  },
  decks: {
    description:
      'New decks and deck rebuilds framed for Rim Country snow loads, monsoon rain and wildfire season. Cedar, pressure-treated, composite and ember-resistant decking, with stairs, railings and proper flashing.',
    icon: 'frame',
  },
  fences: {
    description:
      'Wood, wire and metal fences built to keep elk and deer out and to hold up to frozen ground and monsoon wind. Posts set deep, gates built to stay square.',
    icon: 'fence',
  },
  'rotten-wood-replacement': {
    description:
      'We find and replace rotted fascia, trim, siding, sills and framing, and fix the water problem that caused it. Repairs are flashed, primed and sealed so the rot stays gone.',
    icon: 'hammer',
  },
  'fireplace-mantels': {
    description:
      'Custom wood and stone fireplace mantels, built and installed to the clearances your fireplace maker specifies. From rustic beams to trimmed surrounds, fitted to your hearth and your room.',
    icon: 'flame',
  },
} as const satisfies Record<ServiceSlug, Pick<ServiceSummary, 'description' | 'icon'>>;

/** One service's summary: its slug (also its id), display name, card description and icon. */
export function serviceSummary<S extends ServiceSlug>(slug: S): ServiceSummary & { slug: S } {
  return { id: slug, slug, name: serviceNames[slug], ...cardTexts[slug] };
}

/** Every service's summary, in the order of `serviceSlugs`. */
export const serviceSummaries: readonly ServiceSummary[] = serviceSlugs.map((slug) => serviceSummary(slug));

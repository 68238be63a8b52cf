import { serviceSlugs, type ServiceSlug } from '../slugs';
import type { Service } from '../types';
import { bathroomRemodelingService } from './bathroom-remodeling';
import { cabinetsService } from './cabinets';
import { ceramicTileService } from './ceramic-tile';
import { decksService } from './decks';
import { doorsWindowsService } from './doors-windows';
import { drywallService } from './drywall';
import { fencesService } from './fences';
import { fireplaceMantelsService } from './fireplace-mantels';
import { framingService } from './framing';
import { hardwoodFloorService } from './hardwood-floor';
import { interiorTrimService } from './interior-trim';
import { kitchenRemodelingService } from './kitchen-remodeling';
import { paintingService } from './painting';
import { roofingService } from './roofing';
import { rottenWoodReplacementService } from './rotten-wood-replacement';
import { sidingService } from './siding';
import { vinylPlankService } from './vinyl-plank';
import { walkInShowersService } from './walk-in-showers';

/**
 * Every service by slug; each lives in its own file beside this one. The type makes a slug of
 * `serviceSlugs` without its service (or a service filed under another slug) a compile error.
 */
const servicesBySlug = {
  framing: framingService,
  roofing: roofingService,
  siding: sidingService,
  'hardwood-floor': hardwoodFloorService,
  'vinyl-plank': vinylPlankService,
  'ceramic-tile': ceramicTileService,
  'walk-in-showers': walkInShowersService,
  'interior-trim': interiorTrimService,
  cabinets: cabinetsService,
  drywall: drywallService,
  painting: paintingService,
  'doors-windows': doorsWindowsService,
  'bathroom-remodeling': bathroomRemodelingService,
  'kitchen-remodeling': kitchenRemodelingService,
  decks: decksService,
  fences: fencesService,
  'rotten-wood-replacement': rottenWoodReplacementService,
  'fireplace-mantels': fireplaceMantelsService,
} as const satisfies { [S in ServiceSlug]: Service & { slug: S } };

/** All 18 services in the order of `serviceSlugs`. */
export const services: readonly Service[] = serviceSlugs.map((slug) => servicesBySlug[slug]);

export function getServiceBySlug(slug: string): Service | undefined {
  return services.find((service) => service.slug === slug);
}

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

/** All 18 services in the specification's order. Each lives in its own file beside this one. */
export const services: readonly Service[] = [
  framingService,
  roofingService,
  sidingService,
  hardwoodFloorService,
  vinylPlankService,
  ceramicTileService,
  walkInShowersService,
  interiorTrimService,
  cabinetsService,
  drywallService,
  paintingService,
  doorsWindowsService,
  bathroomRemodelingService,
  kitchenRemodelingService,
  decksService,
  fencesService,
  rottenWoodReplacementService,
  fireplaceMantelsService,
];

export function getServiceBySlug(slug: string): Service | undefined {
  return services.find((service) => service.slug === slug);
}

import { serviceSummary } from '../service-summaries';
import type { Service } from '../types';

export const sidingService = {
  ...serviceSummary('siding'),
  overview:
    "Siding is a house's raincoat and, in pine country, its first defense against embers and radiant heat. The sun at this elevation fades and cracks paint fast, snow piles against the lower courses for weeks, and monsoon rain finds every open seam. Many older cabins still have wood lap or T1-11 panel siding that has soaked up water at the bottom edge and split along the grain.\n\n" +
    'We strip the old siding, repair rotted sheathing and sill plates, and install a weather-resistive barrier lapped so water always runs outward, with flashing at every window, door and deck ledger. For most homes under the Rim we recommend fiber-cement: it does not burn, holds paint well and does not mind snow sitting against it. We also install engineered wood and steel siding, and we keep the bottom course well clear of the ground.',
  typicalScope: [
    'Removal and disposal of old siding and trim',
    'Inspection and repair of sheathing, sill plates and framing',
    'Weather-resistive barrier installed shingle-fashion',
    'Flashing at windows, doors, deck ledgers and roof-to-wall intersections',
    'New siding, corner boards, trim and soffits',
    'Ember-resistant vents at soffits, gables and crawl spaces',
    'Caulking, primer and paint, or a factory finish where chosen',
    'Cleanup and a nail sweep around the house',
  ],
  materialsOptions: [
    'Fiber-cement lap siding, panels and shingles (noncombustible)',
    'Factory-primed or pre-finished fiber-cement for longer paint life',
    'Engineered wood lap siding',
    'Steel siding, including wood-grain finishes',
    'Natural cedar or pine, with the fire and upkeep tradeoffs explained up front',
    'Fiber-cement or PVC trim boards',
    'Manufactured stone veneer for a wainscot along the base of the walls',
  ],
  timeline: '1-2 weeks',
  careTips: [
    'Wash siding once a year with a garden hose and a soft brush; a pressure washer drives water behind the laps.',
    'Watch the south and west walls first; the sun wears out paint and caulk there years sooner.',
    'Keep the first 5 feet around the house clear of firewood, pine needles and anything that burns.',
    'Check caulk joints at windows, doors and trim every spring, and reseal anything cracked.',
    'Shovel snow away from the walls so it does not sit against the bottom courses for weeks.',
    'Aim sprinklers and downspouts so they do not wet the siding.',
  ],
  faqs: [
    {
      question: 'Why do you recommend fiber-cement siding?',
      answer:
        'Fiber-cement does not burn, so it holds up far better than wood or vinyl when embers or a nearby fire hit the wall. It also resists rot, insects and woodpeckers, stays flat in the sun and holds paint longer than wood. It is heavy and takes care to cut and fasten correctly, which is where an experienced crew matters.',
    },
    {
      question: 'Can you replace only the damaged sections?',
      answer:
        'Yes, if the rest of the siding is sound and we can still match the profile. Damage along the lower courses and behind decks is common, and we often replace just those runs and repair the sheathing behind them. If the siding is failing on several walls, full replacement usually makes more sense than chasing patches.',
    },
    {
      question: 'What about vinyl siding?',
      answer:
        'We rarely recommend it up here. Vinyl softens and melts from the heat of a nearby fire, which exposes the wall behind it, and it turns brittle in hard cold and cracks when hit. The strong sun at this elevation also fades it. We would rather put on something that handles fire, cold and UV.',
    },
    {
      question: 'What matters most behind the siding?',
      answer:
        'The weather-resistive barrier and the flashing do most of the work of keeping water out; the siding sheds the bulk of it. We lap the barrier so water always runs outward, flash every opening and ledger, and leave a path for water that gets behind the siding to drain back out. That is what keeps sheathing and framing from rotting.',
    },
    {
      question: 'Can you make my vents more fire resistant while you are at it?',
      answer:
        'Yes, and a siding job is the best time to do it. Embers get into houses through attic, soffit and crawl space vents far more often than through the walls. We replace old vents with ember-resistant ones that use fine mesh or baffles, and close gaps at the eaves and around trim.',
    },
  ],
  image: 'services/siding',
  imageAlt: 'Illustration of fiber-cement lap siding being installed on a mountain home',
} satisfies Service;

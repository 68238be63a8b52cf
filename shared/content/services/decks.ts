import { serviceSummary } from '../service-summaries';
import type { Service } from '../types';

export const decksService = {
  ...serviceSummary('decks'),
  overview:
    "A deck up here takes more punishment than one in the valley. Snow sits on it for weeks, meltwater freezes in the joints, monsoon storms soak it in July, and the sun at this altitude bakes the surface the rest of the year. The decks I tear out usually failed in the same few places: a ledger fastened to the house without flashing, posts buried in dirt, or joists never sized for snow.\n\nWe build from the footings up. Footings go below the frost line, posts stand on metal bases clear of the soil, the ledger is flashed and bolted, and the framing is sized for snow as well as people. Then we talk about fire. In ponderosa country, the boards closest to the house should be ember-resistant or noncombustible, and the space under the deck should be kept clear or closed off with fine metal mesh so embers and needles can't collect there.",
  typicalScope: [
    'Site layout, drawings for the permit where required, and footings below the frost line',
    'Pressure-treated or steel framing sized for snow and occupant loads',
    'A flashed, bolted ledger connection to the house, or a freestanding design',
    'Joist tape and corrosion-resistant hangers, fasteners and post bases',
    'Decking, fascia and skirting in the material you choose',
    'Stairs, landings and railings built to code',
    'Removal of the old deck, with an inspection of the house wall behind it',
  ],
  materialsOptions: [
    'Western red cedar for a natural look and a stable board',
    'Pressure-treated lumber, strong and economical for framing and decking',
    'Capped composite decking, including fire-rated products for use near the house',
    'PVC decking, light and highly resistant to moisture',
    'Ipe and other dense hardwoods, naturally resistant to rot and fire',
    'Aluminum decking and steel framing, fully noncombustible',
    'Metal balusters, cable rail or wood railings',
  ],
  timeline: '1-3 weeks',
  careTips: [
    'Sweep pine needles and leaves off the deck and out of the board gaps, especially before fire season.',
    'Keep the space under the deck clear of firewood, stored lumber and dry weeds.',
    'Shovel snow with a plastic shovel, pushing along the boards rather than across them.',
    'Restain or reseal wood decks every two to three years; high-altitude sun breaks finishes down fast.',
    'Wash composite decking each spring to remove pollen and grime that can hold mildew.',
    'Check railing posts and stair treads for looseness each spring after the freeze-thaw season.',
  ],
  faqs: [
    {
      question: 'What decking is best near the house in wildfire country?',
      answer:
        'For the first five feet out from the house, we recommend noncombustible decking such as aluminum, or products tested and rated for ember and flame resistance. Dense hardwoods like ipe also perform well. Just as important, keep needles out of the gaps and keep anything that burns from collecting under the deck.',
    },
    {
      question: 'Can you put new decking on my old frame?',
      answer:
        "Sometimes. We probe the joists, beams and posts for rot, check the ledger for flashing and proper fastening, and look at the footings. If the frame is sound and correctly sized, new decking makes sense; if it isn't, new boards on a failing frame only hide the problem.",
    },
    {
      question: 'Should I choose cedar or composite?',
      answer:
        'Cedar looks and feels like wood and is easy to repair, but in our UV it needs a fresh finish every few years to keep it from graying and checking. Capped composite costs more up front but needs little more than washing. Composite boards get hotter in direct sun, so a lighter color is worth considering on a south-facing deck.',
    },
    {
      question: 'Do I need a permit for a deck?',
      answer:
        "Most decks attached to a house or raised well off the ground need one, while some low freestanding platforms don't. Requirements differ between the Town of Payson, Gila County and other jurisdictions. We find out what applies to your deck and pull the permit when it's needed.",
    },
    {
      question: 'Why are my deck boards cupping and cracking?',
      answer:
        'Intense sun dries the top face of a wood board faster than the underside, so the board cups and the surface checks. A low deck with poor airflow underneath makes it worse by keeping the bottom of the boards damp. Sealing all sides, spacing the boards properly and leaving room for air to move underneath all help.',
    },
  ],
  image: 'services/decks',
  imageAlt: 'Illustration of a new wood deck with stairs and railings among ponderosa pines',
} satisfies Service;

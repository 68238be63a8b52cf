import { serviceSummary } from '../service-summaries';
import type { Service } from '../types';

export const vinylPlankService = {
  ...serviceSummary('vinyl-plank'),
  overview:
    'Luxury vinyl plank is the floor we recommend most for busy households, rentals and cabins that sit empty part of the year. It is waterproof, so melted snow at the door or a leaking dishwasher is not a disaster. It does not mind the swing between dry winter air and monsoon humidity the way wood does, and it is warmer and quieter underfoot than tile. A good plank floor lasts 15-25 years.\n\n' +
    'The finished floor is only as good as what is under it. Vinyl plank is thin and shows every dip and ridge, and a floor that is not flat will eventually separate at the joints. We take out the old flooring, flatten the subfloor and undercut door casings so the planks slide underneath. We leave expansion gaps at the walls, because strong sun through a south window can heat a floor more than people expect.',
  typicalScope: [
    'Removal and disposal of old flooring',
    "Subfloor check, patching and leveling to the manufacturer's flatness tolerance",
    'Moisture testing on concrete slabs, with a vapor barrier where needed',
    'Underlayment where the product calls for it',
    'Undercutting door casings and jambs',
    'Installation of click-lock or glue-down plank',
    'Transitions, stair nosings and new base or quarter round',
    'Pulling and resetting toilets and appliances as needed',
  ],
  materialsOptions: [
    'Rigid-core (SPC) plank for stability and dent resistance',
    'WPC-core plank for a softer, quieter feel underfoot',
    'Glue-down plank for large rooms and sunny spaces',
    'Thicker wear layers for pets, kids and heavy traffic',
    'Attached or separate acoustic underlayment',
    'Matching stair nosings, reducers and thresholds',
  ],
  timeline: '1-3 days',
  careTips: [
    'Sweep or vacuum grit regularly, using a vacuum without a spinning beater bar.',
    'Damp-mop with a pH-neutral cleaner; skip wax, polish and steam mops.',
    'Put felt pads under furniture and wide protectors under heavy appliances.',
    'Use blinds or UV-filtering film on strong south and west windows to limit fading and heat.',
    'Choose doormats without rubber backing, which can stain vinyl.',
    "In a cabin left empty over winter, keep the temperature within the range the floor's manufacturer allows.",
  ],
  faqs: [
    {
      question: 'Is vinyl plank really waterproof?',
      answer:
        'The planks are, and water sitting on the surface will not hurt them. Water that gets under the floor from a leak can still reach the subfloor, so wipe up spills and fix leaks quickly. In bathrooms we seal the edges at tubs and toilets with flexible caulk.',
    },
    {
      question: 'How long will vinyl plank last?',
      answer:
        'A quality plank floor typically lasts 15-25 years, depending mostly on the thickness of the wear layer and how much grit gets tracked in. Dogs, kids and a gravel driveway all shorten that, so we steer busy homes toward a thicker wear layer. Individual damaged planks can usually be replaced if you keep a few spares.',
    },
    {
      question: 'Can you install it over my existing floor?',
      answer:
        'Sometimes. Vinyl plank can go over sound, flat sheet vinyl or well-bonded tile, which saves tear-out. It cannot go over carpet or anything soft or uneven, and every layer adds height at doors, appliances and transitions. We look at what is there and tell you whether it is worth taking up.',
    },
    {
      question: "Will it hold up in a cabin that isn't heated all winter?",
      answer:
        'Rigid-core plank handles temperature swings far better than older vinyl, but every product has a range its manufacturer allows. For a cabin that sits cold, we choose a product rated for those conditions and leave proper expansion gaps. Careful subfloor prep matters even more when the floor goes through big temperature swings.',
    },
    {
      question: 'Does vinyl plank fade or move in the sun?',
      answer:
        'Strong sun at this elevation is hard on any floor. Direct sun through south and west windows can fade the surface over time and heat the planks enough to expand, which is why we leave gaps at the walls and sometimes recommend glue-down plank in sunrooms. Blinds or UV-filtering window film help a great deal.',
    },
  ],
  image: 'services/vinyl-plank',
  imageAlt: 'Illustration of vinyl plank flooring clicking into place in a bright kitchen',
} satisfies Service;

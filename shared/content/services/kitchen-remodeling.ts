import { serviceSummary } from '../service-summaries';
import type { Service } from '../types';

export const kitchenRemodelingService = {
  ...serviceSummary('kitchen-remodeling'),
  overview:
    'A kitchen remodel is the biggest single-room project most homeowners take on, and it typically returns 60-80% of its cost at resale. The rest of the return comes from using it every day. We start with how you cook and move through the room: where the groceries land, where the trash goes, how two people get past each other at the sink. Layout comes first, then cabinets, counters and finishes.\n\nIn Rim Country, a kitchen has to handle very dry air most of the year and humid monsoon weeks in summer. Solid wood doors and face frames move with those swings, so we let wood flooring and trim acclimate in the house before installation and pick cabinet construction that tolerates movement. We also make sure the range hood vents outdoors, the floor is flat and stiff enough for tile or stone, and the lighting actually reaches the counters.',
  typicalScope: [
    'Layout planning for sink, range and refrigerator placement and walkway clearances',
    'Demolition and removal of old cabinets, counters and flooring',
    'Framing changes, soffit removal and wall openings where the structure allows',
    'Cabinet installation, leveled, shimmed and fastened to framing, with scribed fillers and trim',
    'Countertop templating and installation coordination',
    'Tile backsplash, flooring and finish trim',
    'Range hood ducted to the exterior',
    'Plumbing, electrical and lighting changes coordinated with licensed trades, with permits where required',
  ],
  materialsOptions: [
    'Custom, semi-custom or stock cabinets; plywood boxes outlast particleboard around sinks and dishwashers',
    'Quartz, granite, butcher block or solid-surface countertops',
    'Ceramic, porcelain, stone or glass tile backsplashes',
    'Hardwood, porcelain tile or luxury vinyl plank flooring',
    'Knotty pine, alder or painted maple for a cabin or classic look',
    'Soft-close hinges, full-extension drawer slides and pull-out organizers',
    'Under-cabinet LED lighting and recessed or pendant ceiling fixtures',
  ],
  timeline: '3-6 weeks',
  careTips: [
    'Wipe up water around the sink and dishwasher promptly; standing water is what swells cabinet edges.',
    'Oil butcher block with food-safe mineral oil regularly, and more often in the dry months.',
    'Reseal granite and other natural stone as your fabricator recommends; quartz needs no sealer.',
    'Use trivets for hot pans; quartz can scorch or discolor under high heat.',
    'Run the range hood whenever you cook and clean its grease filters every month or two.',
    'Tighten hinge screws and adjust doors seasonally as the wood moves with the humidity.',
  ],
  faqs: [
    {
      question: 'Is a kitchen remodel worth it for resale?',
      answer:
        "A kitchen remodel typically returns 60-80% of its cost at resale, and an updated kitchen helps a house sell. The best return comes from solid, lasting choices rather than the most expensive finishes. If you plan to stay, weigh how much you'll use it every day as heavily as the resale number.",
    },
    {
      question: 'Can we keep our existing cabinets?',
      answer:
        "Sometimes. If the boxes are solid wood or plywood, square and well fastened, new doors, drawer fronts, paint or refinishing can give them a long second life. Swollen particleboard, sagging shelves or a layout that doesn't work are reasons to replace them.",
    },
    {
      question: 'How long will we be without a kitchen?',
      answer:
        'Most kitchen remodels take 3-6 weeks, and the kitchen is out of service for most of that, including a gap while the counters are templated and fabricated. We help you set up a temporary kitchen in another room with the refrigerator, a microwave and a coffee maker. You get a schedule up front so you know which days will be the hardest.',
    },
    {
      question: 'Can you remove the wall between the kitchen and living room?',
      answer:
        'Often, but first we find out what the wall is carrying. A bearing wall needs a properly sized beam with posts down to solid footings, and in snow country the roof load above can be substantial. Plumbing, ducts and wiring in the wall also have to be rerouted, and structural changes need a permit.',
    },
    {
      question: "What's the best countertop for a busy family?",
      answer:
        "Quartz is hard to beat for low maintenance: it doesn't need sealing and it resists stains. Granite is just as tough and handles heat better, but it should be resealed periodically. Butcher block is warm and repairable, but it needs regular oiling, especially in our dry air.",
    },
  ],
  image: 'services/kitchen-remodeling',
  imageAlt: 'Illustration of a remodeled kitchen with wood cabinets, a stone countertop and pendant lights',
} satisfies Service;

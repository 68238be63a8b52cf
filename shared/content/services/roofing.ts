import { serviceSummary } from '../service-summaries';
import type { Service } from '../types';

export const roofingService = {
  ...serviceSummary('roofing'),
  overview:
    'A roof in Rim Country takes more punishment than any other part of the house. Snow sits on it for days, melts in the afternoon sun and refreezes at night, which builds ice dams at the eaves. Monsoon storms drive sideways rain and hail, and the UV at this elevation bakes roofing faster than it does down in the valley. With ponderosa pine all around, the roof is also the first surface wind-blown embers land on.\n\n' +
    'We tear off down to the deck, replace soft or rotted sheathing, and put ice-and-water membrane at the eaves, valleys and every penetration before the finished roof goes on. The roofs we install are Class A fire-rated assemblies, with ember-resistant vents. As a rough guide, asphalt shingles last 20-30 years, metal 40-70 years and tile 50+ years, depending on exposure and upkeep.',
  typicalScope: [
    'Tear-off of the old roofing down to the deck, with haul-away',
    'Deck inspection and replacement of soft or rotted sheathing',
    'Ice-and-water membrane at eaves, valleys and around penetrations',
    'Synthetic underlayment over the rest of the deck',
    'New drip edge, pipe boots, and step and counter flashing at walls and chimneys',
    'Ember-resistant ridge, eave and gable vents',
    'Installation of the finished roof: shingles, metal panels or tile',
    'Cleanup, including a magnetic sweep of the yard and driveway for nails',
  ],
  materialsOptions: [
    'Class A architectural asphalt shingles, 20-30 year lifespan',
    'Impact-resistant shingles for hail-prone exposures',
    'Standing-seam metal, 40-70 year lifespan',
    'Exposed-fastener metal panels for barns, sheds and outbuildings',
    'Concrete or clay tile, 50+ year lifespan, where the framing can carry the weight',
    'Snow guards for metal and tile roofs over doors, decks and walkways',
    'Ember- and flame-resistant vents',
  ],
  timeline: '2-5 days',
  careTips: [
    'Clear pine needles from valleys, gutters and the roof surface every fall and after windstorms; they hold water and catch embers.',
    'After big storms, pull snow off the lower few feet of the eaves with a roof rake from the ground, and stay off icy roofs.',
    'Keep branches trimmed well back from the roof, ideally 10 feet or more.',
    'Walk around the house after monsoon wind and hail and look for missing, lifted or bruised shingles.',
    'Check rubber pipe boots and sealant every few years; the sun cracks them long before the roof wears out.',
    'Keep the attic insulated, air-sealed and vented; a cold roof deck is the best defense against ice dams.',
  ],
  faqs: [
    {
      question: 'Which roofing material is best for Rim Country?',
      answer:
        'It depends on the house and how long you plan to stay. Asphalt shingles cost the least up front and last 20-30 years; standing-seam metal sheds snow well, stands up to embers and lasts 40-70 years; tile lasts 50+ years but is heavy enough that the framing has to be checked first. All three are available as Class A fire-rated roofs.',
    },
    {
      question: 'Why do I get ice dams, and will a new roof stop them?',
      answer:
        'Ice dams form when heat escaping from the house melts snow on the upper roof and the water refreezes at the cold eaves. Ice-and-water membrane at the eaves keeps that backed-up water out of the house, but the real cure is air sealing the attic, adding insulation and venting the roof properly. We look at all three when we bid a roof.',
    },
    {
      question: 'Can you repair my roof instead of replacing it?',
      answer:
        'If the roof is fairly young and the damage is local, such as a few shingles lost to wind or a cracked pipe boot, a repair makes sense. If the shingles are brittle, curling or shedding granules across the whole roof, patching just chases leaks from one spot to the next. We will tell you plainly which one you are looking at.',
    },
    {
      question: 'Will a metal roof dump snow onto my deck or walkway?',
      answer:
        'It can, and a full slab of snow sliding off a metal roof is heavy enough to do real damage. We plan for it before the panels go on, looking at where snow will land and placing snow guards above doors, walkways, decks and lower roofs. Sometimes a small change in where the entry or path goes solves it.',
    },
    {
      question: 'How long does a replacement take, and what if a storm comes in?',
      answer:
        'Most homes take two to five days, depending on size, pitch and material. We only tear off as much as we can dry in that same day, and we watch the forecast closely during monsoon season. Anything still open at quitting time is covered with underlayment or tarps.',
    },
  ],
  image: 'services/roofing',
  imageAlt: 'Illustration of a standing-seam metal roof on a mountain cabin with snow-dusted pines behind it',
} satisfies Service;

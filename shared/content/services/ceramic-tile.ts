import { serviceSummary } from '../service-summaries';
import type { Service } from '../types';

export const ceramicTileService = {
  ...serviceSummary('ceramic-tile'),
  overview:
    'Tile is only as good as what is underneath it. Most of the cracked tile and crumbling grout we see comes from a floor that flexes, a shower with no real waterproofing, or thin-set spread too sparingly. Before we set anything, we check that the floor framing is stiff enough, add underlayment or an uncoupling membrane where it is needed, and waterproof every wet area.\n\n' +
    'Porcelain is our usual recommendation for floors and entries, because it is dense, absorbs almost no water and stands up to the gravel and ice melt tracked in from a snowy driveway. Glazed ceramic works well on walls and backsplashes. We leave movement joints at the perimeter and at changes of plane so the tile can ride out seasonal swings in heat and humidity, and we seal the grout where the material calls for it.',
  typicalScope: [
    'Removal of existing flooring, tile or tub surround',
    'Subfloor and framing check for stiffness, with repairs where needed',
    'Cement board, uncoupling membrane or mortar bed as the job requires',
    'Waterproofing of showers, tub surrounds and other wet areas',
    'Sloped shower bases, curbs, niches and benches',
    'Layout, cutting and setting of tile',
    'Grouting, sealing and movement joints at perimeters and changes of plane',
    'Trim pieces, thresholds and tile base',
  ],
  materialsOptions: [
    'Glazed ceramic tile for walls, backsplashes and light-traffic floors',
    'Porcelain tile for floors, showers and entries',
    'Large-format and wood-look porcelain plank',
    'Natural stone such as slate or travertine, for owners ready to keep up the sealing',
    'Cement grout, or high-performance and epoxy grouts that resist stains',
    'Sheet and liquid-applied waterproofing membranes',
    'Electric radiant heating mats under floor tile',
  ],
  timeline: '3-7 days',
  careTips: [
    'Clean with a pH-neutral cleaner; vinegar and bleach wear down grout and sealers.',
    'Reseal cement grout and natural stone as the product directs, usually every year or two.',
    'Put mats at entries to catch grit and ice melt before it reaches the tile.',
    'Run the bathroom fan during showers and for a while after.',
    'Recaulk the joints at tubs, shower corners and counters when the caulk cracks or pulls away.',
    'Fix a cracked tile or missing grout in a shower right away, before water gets behind it.',
  ],
  faqs: [
    {
      question: "What's the difference between ceramic and porcelain?",
      answer:
        'Both are fired clay, but porcelain is made from finer clay fired at higher temperatures, so it is denser and absorbs very little water. That makes porcelain the better choice for floors, entries and showers. Glazed ceramic is easier to cut and works well on walls and backsplashes.',
    },
    {
      question: 'Why did the tile in my old bathroom crack?',
      answer:
        'The usual causes are a floor that bends too much underfoot, missing or wrong underlayment, or tile set without full contact with the thin-set. Seasonal movement also cracks tile that was grouted tight to the walls with no room to expand. We fix the cause before setting new tile so it does not happen again.',
    },
    {
      question: 'Can tile go outside on a porch or entry?',
      answer:
        'It can, but only porcelain rated for exterior use, set on a sloped, drained base with materials made for freeze-thaw. Water that gets under outdoor tile and freezes can pop it loose in a single winter up here. A covered entry is a much safer place for tile than an open slab that sits under snow.',
    },
    {
      question: 'Is cement board enough behind shower tile?',
      answer:
        'No. Tile and grout are not waterproof, and cement board lets water pass through to the framing. Every tiled shower we build gets a waterproofing membrane and a base sloped to the drain, so water leaves the shower instead of soaking into the walls and subfloor.',
    },
    {
      question: 'Can you put heat under the tile?',
      answer:
        'Yes. Electric heating mats set in the thin-set under the tile make a bathroom floor warm on a cold Rim Country morning, and they are easy to add during a remodel. They need their own circuit and thermostat, which we coordinate with a licensed electrician.',
    },
  ],
  image: 'services/ceramic-tile',
  imageAlt: 'Illustration of porcelain tile being set on a bathroom floor with a tiled shower behind it',
} satisfies Service;

import { serviceSummary } from '../service-summaries';
import type { Service } from '../types';

export const drywallService = {
  ...serviceSummary('drywall'),
  overview:
    "Good drywall is mostly preparation and patience. We check the framing for crowned studs, add blocking before hanging, use the longest sheets practical to cut down on butt joints, and screw to a pattern rather than by guesswork. Taping goes on in thin coats with proper drying time between them, because rushed mud is what leaves shrinking seams and popped fasteners later. For repairs we cut back to solid framing, patch, and match the surrounding texture, whether it's knockdown, orange peel or a smooth wall.\n\n" +
    'Houses under the Rim flex. Snow load on the roof, seasonal movement in the framing and wide swings between winter heat and summer cooling all show up first as cracks at the corners of doors and windows. We use setting-type compound in joints that see movement, paper or mesh tape where each belongs, and moisture-resistant or fire-rated board where the room or the code calls for it.',
  typicalScope: [
    'New drywall for additions, basements and remodels',
    'Taping, mudding and sanding to the finish level the room needs',
    'Patching holes, water-damaged sections and openings left by plumbers or electricians',
    'Texture matching: knockdown, orange peel, skip trowel or smooth',
    'Repair of recurring cracks at door and window corners',
    'Ceiling repairs, including sagging or stained sections after a roof leak',
    'Corner bead in square or bullnose profiles',
    'Primer coat, ready for paint',
  ],
  materialsOptions: [
    'Standard 1/2-inch board for walls',
    'Sag-resistant 1/2-inch or 5/8-inch board for ceilings',
    'Type X fire-rated board for garages and other locations where code requires it',
    'Moisture- and mold-resistant board for bathrooms and laundry rooms',
    'Cement board behind tile in showers and tub surrounds',
    'Paper, mesh or flexible corner tape, depending on the joint',
    'Setting-type and lightweight all-purpose joint compounds',
  ],
  timeline: '2-5 days',
  careTips: [
    'Prime a fresh repair before painting, or the patch will show through the finish coat as a dull spot.',
    'Keep indoor humidity as steady as you can; big swings are what drive seasonal cracking.',
    'Deal with roof and plumbing leaks right away. Wet drywall loses its strength and can start growing mold within days.',
    'In a new house, wait through the first year before repairing hairline cracks so the framing can finish settling.',
    'Use anchors rated for the load when hanging heavy items, or ask us to add blocking while the walls are open.',
  ],
  faqs: [
    {
      question: 'Why does the same crack keep coming back above my door?',
      answer:
        'The corners of door and window openings concentrate stress when the framing moves with the seasons or the house settles. Filling the crack with more compound never lasts. We cut it open, reinforce it with tape and setting compound, and check whether the framing above the opening needs attention.',
    },
    {
      question: 'Can you match the texture on my walls?',
      answer:
        'Yes. Most homes in the area have knockdown or orange peel, and we test the texture on scrap before touching the wall. The patch is then primed and painted with the surrounding area, because a good blend depends on matching the paint sheen as much as the texture.',
    },
    {
      question: 'What do drywall finish levels mean?',
      answer:
        'They describe how much finishing goes onto the board. Level 4 is typical under textured walls and flat paint. Level 5 adds a thin skim coat over the entire surface and is worth it for smooth walls, glossy paint or walls washed by low-angle light from large windows.',
    },
    {
      question: 'Do I need fire-rated drywall?',
      answer:
        'Code calls for fire-rated board in certain places, most commonly where an attached garage shares a wall or ceiling with living space. We also suggest it around furnace and utility rooms. Requirements vary by jurisdiction, so we confirm what applies before we hang.',
    },
    {
      question: 'How much dust should I expect?',
      answer:
        'Sanding makes fine dust that travels. We hang plastic, seal doorways and HVAC returns, use low-dust compound and vacuum sanders where practical, and clean up at the end of each day. On a large job some dust still gets through, so covering or moving electronics nearby is wise.',
    },
  ],
  image: 'services/drywall',
  imageAlt: 'Illustration of a drywall seam being taped and finished with a knife',
} satisfies Service;

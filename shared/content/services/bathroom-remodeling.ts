import { serviceSummary } from '../service-summaries';
import type { Service } from '../types';

export const bathroomRemodelingService = {
  ...serviceSummary('bathroom-remodeling'),
  overview:
    "Most bathrooms I open up in Payson and Pine tell the same story: a tub surround that leaked for years, a vent fan that dumped moist air into the attic or was never installed, and a subfloor gone soft around the toilet. A good remodel fixes what you can see and what you can't. We take the room back to sound framing, repair any rot, put a waterproofing membrane behind every wet surface, and duct the fan all the way outside.\n\nUp here, the details matter. Supply lines in outside walls can freeze on a January night, so we move or insulate them while the walls are open. Dry air most of the year shrinks wood trim and opens caulk joints, so we choose materials and finishes that tolerate it. Then comes the part you see every day: tile, vanity, fixtures and lighting, laid out around the way you use the room.",
  typicalScope: [
    'Demolition down to sound framing and subfloor, with debris hauled away',
    'Repair of rotted subfloor, joists or wall framing found behind the old finishes',
    'Waterproofing membrane behind showers and tub surrounds, over a properly sloped shower base',
    'Bath fan sized for the room and ducted to the exterior',
    'Tile floors, shower walls, niches and backsplashes',
    'Vanity, top, toilet, tub or shower, and fixtures set and sealed',
    'Solid blocking in the walls for grab bars, now or later',
    'Plumbing and electrical changes coordinated with licensed trades, with permits where required',
  ],
  materialsOptions: [
    'Porcelain or ceramic tile for floors and walls',
    'Natural stone tile or slab, sealed for wet areas',
    'Quartz, solid-surface or cultured marble vanity tops',
    'Solid wood or plywood-box vanities, which hold up to moisture better than particleboard',
    'Acrylic, enameled steel or cast iron tubs and shower bases, or a fully tiled shower floor',
    'Sheet or liquid-applied waterproofing membranes over cement board or foam board',
    'Waterproof luxury vinyl plank flooring',
  ],
  timeline: '2-4 weeks',
  careTips: [
    'Run the bath fan during every shower and for 20 minutes after; a timer switch makes it automatic.',
    'Squeegee glass and tile after showering to cut down on hard-water spotting.',
    'Reseal natural stone and cement-based grout about once a year; porcelain tile itself needs no sealer.',
    'Check the caulk at the tub, shower and vanity top each fall; dry air opens joints, and a fresh bead is easy to replace.',
    'On the coldest nights, open the vanity doors if plumbing runs along an outside wall.',
    'Use mild, non-acidic cleaners on stone and grout; vinegar etches marble and wears down cement grout.',
  ],
  faqs: [
    {
      question: 'How long will we be without the bathroom?',
      answer:
        "Plan on the room being out of service for most of the 2-4 week timeline. If it's your only bathroom, tell us up front so we can sequence the work to keep you without a working toilet for as little time as possible. A rented portable unit is another option for the days the floor is open.",
    },
    {
      question: 'Can you turn my tub into a walk-in shower?',
      answer:
        "Yes, it's one of the most common requests we get. We remove the tub, adjust the drain and framing, and build a sloped, waterproofed shower floor with a low curb or a curbless entry. Curbless showers usually mean recessing the subfloor, which is more involved on some floor systems, so we look before we promise it.",
    },
    {
      question: 'Do I need a permit for a bathroom remodel?',
      answer:
        "It depends on the work. Replacing finishes like tile and a vanity often doesn't need one, while moving plumbing, adding circuits or changing walls generally does. We'll tell you what your project needs where you live and handle the permit when one is required.",
    },
    {
      question: 'Why does my bathroom smell musty even though it looks fine?',
      answer:
        "Usually moisture is getting somewhere it shouldn't: behind a tub surround, under the toilet flange, or into the attic from a fan that isn't ducted outside. We check with a moisture meter and look behind access panels before we quote. Finding the source during the remodel beats finding it after the new tile is down.",
    },
    {
      question: 'Is it worth keeping my old cast iron tub?',
      answer:
        "Often, yes. A cast iron tub holds heat far better than acrylic, and worn enamel can be refinished. It's heavy, so we check the floor framing, and if it stays we protect it carefully through demolition.",
    },
  ],
  image: 'services/bathroom-remodeling',
  imageAlt: 'Illustration of a remodeled bathroom with a tiled walk-in shower and a wood vanity',
} satisfies Service;

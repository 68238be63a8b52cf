import { serviceSummary } from '../service-summaries';
import type { Service } from '../types';

export const interiorTrimService = {
  ...serviceSummary('interior-trim'),
  overview:
    'Trim is the part of a room people notice without knowing it. Tight miters, clean inside corners and an even reveal along every door casing are what make a room look finished. We cope inside corners on baseboard and crown instead of mitering them, glue and pin outside miters, and scribe trim to walls and floors that are rarely as straight as the plans say.\n\n' +
    'Wood moves more here than in most places. Humidity can drop into the single digits in late spring and climb sharply when the monsoon arrives, so trim installed straight off the truck will shrink and open at the joints. We let material acclimate in the house for several days, prime the backs and ends before installing, and choose profiles and joinery that hide seasonal movement rather than fight it.',
  typicalScope: [
    'Removal of old trim and wall prep where needed',
    'Baseboard and shoe molding, coped at inside corners',
    'Door and window casing, including stools, aprons and jamb extensions',
    'Crown molding and ceiling transitions',
    'Wainscot, board-and-batten, shiplap and chair rail',
    'Stair skirt boards and trim around railings',
    'Scribing to uneven walls and floors',
    'Nail holes filled and joints caulked, ready for paint or finish',
  ],
  materialsOptions: [
    'Paint-grade finger-jointed pine or poplar',
    'Stain-grade clear pine, knotty alder or red oak',
    'Knotty ponderosa pine for a rustic cabin look',
    'Primed MDF for painted casing and baseboard in dry rooms',
    'PVC or composite trim for bathrooms, laundry rooms and entries',
    'Custom profiles milled to match existing trim in older homes',
  ],
  timeline: '2-5 days',
  careTips: [
    'Expect hairline gaps at some miters in the driest months; most close again when the humidity comes back.',
    'Run a humidifier in winter if you can. Steadier indoor humidity helps trim, floors and doors alike.',
    'Touch up caulk at painted joints after the first full year, once the wood has been through every season.',
    'Wipe baseboard with a damp cloth, not a wet mop; standing water swells MDF and raw end grain.',
    'Shade stained trim from long hours of direct sun or use window film. UV at this altitude fades and yellows finishes quickly.',
  ],
  faqs: [
    {
      question: 'Why do the joints in my trim keep opening up?',
      answer:
        'Usually the trim went in before it acclimated, or the corners were plain miters with nothing holding them together. When the air dries out, wood shrinks across its width and a loose miter opens at the heel. We cope inside corners and glue outside miters so each joint moves as one piece.',
    },
    {
      question: 'Can you match the trim I already have?',
      answer:
        "In most cases, yes. Many common profiles are still stocked, and when they aren't we can have a matching profile milled or build one up from stock pieces. A short offcut, or a piece taken from inside a closet, gives us something exact to match.",
    },
    {
      question: 'Should I choose paint-grade or stain-grade trim?',
      answer:
        'Paint-grade trim is finger-jointed wood or MDF, costs less, and paint and caulk hide the joints. Stain-grade trim needs clear or select lumber and tighter joinery, because every joint and every piece of grain shows. Many homes use stain-grade in the main rooms and paint-grade elsewhere.',
    },
    {
      question: 'Does trim go in before or after new flooring?',
      answer:
        'Baseboard goes in after the finished floor so it sits tight to it and covers the expansion gap. Door casing usually goes on first. If you are doing both floors and trim, we schedule them together so nothing gets installed twice.',
    },
    {
      question: 'Is MDF a good choice for trim?',
      answer:
        "MDF is stable and paints smoothly, which makes it a good choice for casing and baseboard in dry rooms. It swells when it gets wet and doesn't recover. We don't use it in bathrooms, laundry rooms or beside exterior doors where snow gets tracked in.",
    },
  ],
  image: 'services/interior-trim',
  imageAlt: 'Illustration of a door casing and baseboard meeting at a coped inside corner',
} satisfies Service;

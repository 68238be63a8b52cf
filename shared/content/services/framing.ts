import { serviceSummary } from '../service-summaries';
import type { Service } from '../types';

export const framingService = {
  ...serviceSummary('framing'),
  overview:
    'Framing is the part of a house nobody sees once the drywall goes up, and it decides how everything after it performs. Between 5,000 and 7,000 feet, a roof has to carry heavy, wet snow for days at a time, and walls have to stay straight through bone-dry winters and soaking monsoon summers. We size headers, rafters, joists and beams for the loads your site actually sees, not the ones a valley house is built for.\n\n' +
    'We frame additions, garages, room reconfigurations, porches and deck substructures, and we repair what time and water have done to older cabins: sagging ridges, rotted sills, undersized beams and joists notched for long-gone plumbing. We pull the permits the job needs, work from engineered plans when a project calls for them, and keep the frame braced and covered until it is sheathed and dried in.',
  typicalScope: [
    'Layout and a check of the foundation for square, level and sound anchor bolts',
    'Treated sill plates with sill gasket wherever wood meets concrete',
    'Floor, wall and roof framing to plan, with headers and beams sized for the load',
    'Rafters or engineered trusses rated for the local snow load',
    'Wall and roof sheathing, hold-downs and structural connectors as specified',
    'Structural repair: sistering joists, replacing rotted sills, adding posts and beams',
    'Blocking for cabinets, grab bars, railings and fixtures before the walls close',
    'Framing inspections scheduled and met',
  ],
  materialsOptions: [
    'Structural-grade dimensional lumber such as Douglas fir-larch',
    'Engineered lumber: LVL beams, I-joists and glulam for long spans',
    'Pressure-treated lumber for sills and framing near the ground',
    'Engineered roof trusses built for the design snow load',
    'OSB or plywood wall and roof sheathing',
    'Galvanized or stainless connectors and fasteners, matched to treated lumber',
    'Advanced framing layouts that leave more room for insulation',
  ],
  timeline: '1-4 weeks',
  careTips: [
    'Keep gutters and downspouts clear so water stays away from sills and the foundation.',
    'Look in the attic after a big snowstorm or monsoon rain for stains, drips or daylight.',
    'Keep soil and mulch several inches below the bottom of the siding, and stack firewood away from the walls.',
    'Pay attention to doors and windows that suddenly start sticking; it can point to settling or a sagging header.',
    'After heavy storms, pull drifted snow off low-pitch roofs and decks with a roof rake from the ground.',
    'Call us before anyone cuts or notches a joist, rafter or stud to run plumbing or wiring.',
  ],
  faqs: [
    {
      question: 'Do I need a permit for framing work?',
      answer:
        'Most structural work does: additions, new load-bearing walls, many decks and any change to the roof. We pull the permits the job needs and schedule the inspections, so you are not left handling the paperwork. Small non-structural jobs, like a closet partition, often need nothing, and we tell you which is which up front.',
    },
    {
      question: 'How do you account for heavy snow loads?',
      answer:
        "The design snow load depends on elevation and location, and much of Rim Country sits well above what valley builders are used to. We frame to the loads the local building department requires for your site, and when a long span or a roof change calls for it, we build from an engineer's design. Trusses come from the plant built for the load they will carry.",
    },
    {
      question: 'Can you take out a wall to open up my kitchen?',
      answer:
        'Often, yes. First we find out whether the wall carries load from the roof or floor above, and what runs through it: plumbing, wiring or ductwork. If it is load-bearing, we shore up the structure temporarily and replace the wall with a properly sized beam and posts that carry the load down to the foundation.',
    },
    {
      question: 'What happens if it rains or snows while the frame is open?',
      answer:
        'Weather changes fast up here, especially in monsoon season. We schedule around the forecast, get sheathing and roof underlayment on as quickly as we can, and tarp anything left open overnight. Framing lumber can take some rain, but we check it with a moisture meter and let it dry before insulation and drywall close it in.',
    },
    {
      question: 'My older cabin has a sagging roof line. Can it be fixed?',
      answer:
        'Usually. A sag comes from undersized rafters, a missing ridge beam or collar ties, or walls spreading under decades of snow. We find the cause first, then sister or replace rafters, add a beam and posts, or tie the walls back together. A sag that has set for years is brought back gradually, not forced in one push.',
    },
  ],
  image: 'services/framing',
  imageAlt: 'Illustration of a new timber wall frame rising on a mountain home among ponderosa pines',
} satisfies Service;

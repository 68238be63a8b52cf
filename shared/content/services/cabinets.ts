import { serviceSummary } from '../service-summaries';
import type { Service } from '../types';

export const cabinetsService = {
  ...serviceSummary('cabinets'),
  overview:
    'We install factory cabinets and build custom pieces to fit: vanities, pantry units, mudroom lockers, bookcases and the odd-sized spaces stock boxes never fill. Installation is where a cabinet job succeeds or fails. We find the high point of the floor, shim and level every base, fasten into studs rather than drywall, and scribe fillers and end panels to walls that are rarely plumb, so countertop templating goes smoothly.\n\n' +
    "Doors and face frames are solid wood, and in our dry air they shrink, then swell again during a wet monsoon week. We let cabinets acclimate in the house before hanging them, leave hinges with room for seasonal adjustment, and steer clients toward door styles and finishes that handle movement well. Where a kitchen's boxes are sound, refacing or new doors can be a practical alternative to tearing everything out.",
  typicalScope: [
    'Removal and disposal of old cabinets',
    "Layout, leveling and shimming of base cabinets from the floor's high point",
    'Wall cabinets fastened into framing, with added blocking where needed',
    'Fillers, end panels, toe kicks and crown scribed to the walls',
    'Custom built-ins: vanities, pantries, mudroom benches and bookcases',
    'Cabinet refacing or door and drawer-front replacement',
    'Hardware installation and hinge and drawer adjustment',
    'Coordination with countertop templating and installation',
  ],
  materialsOptions: [
    'Plywood cabinet boxes with solid-wood face frames',
    'Frameless, European-style cabinets with full-access boxes',
    'Solid wood doors in maple, oak, alder, hickory or knotty pine',
    'MDF or MDF-panel doors for a smooth painted finish',
    'Soft-close hinges and full-extension drawer slides',
    'Pull-outs, trash centers, tray dividers and corner storage',
  ],
  timeline: '3-7 days',
  careTips: [
    'Check door alignment each spring and fall; most hinges have screws for up-down, side-to-side and in-out adjustment.',
    "Wipe up water at the sink base and along the dishwasher right away. Swollen particleboard can't be repaired.",
    'Clean with mild soap and a soft cloth; ammonia and abrasive pads dull factory finishes.',
    'Run a humidifier in winter to keep solid-wood doors and panels from shrinking and cracking at the joints.',
    'Look under the sink a few times a year for slow leaks, especially after a hard freeze.',
    'Shade cabinets near south and west windows from afternoon sun, which fades wood finishes quickly at this altitude.',
  ],
  faqs: [
    {
      question: 'Do you supply the cabinets, or install ones I buy?',
      answer:
        "Both. We can help you choose and order cabinets, or install ones you've bought yourself. If you order your own, let us check the list against the layout before it ships, because missing fillers and wrong-handed doors are the usual causes of delay.",
    },
    {
      question: 'Can my old cabinets be refaced instead of replaced?',
      answer:
        'If the boxes are sound and the layout works for you, yes. Refacing covers the face frames and replaces the doors and drawer fronts, usually along with hinges and slides. If the sink base is water-damaged or the layout needs to change, replacement makes more sense.',
    },
    {
      question: 'Why do painted cabinet doors show a thin line around the panel?',
      answer:
        "Solid-wood doors have floating center panels that shrink in dry weather, exposing a strip of unpainted wood at the edge. Doors with panels finished before assembly, or with MDF center panels, avoid the problem. In this climate it's worth asking about before you order painted doors.",
    },
    {
      question: 'When can the countertops go in?',
      answer:
        'Stone countertops are templated after the cabinets are installed and fastened, then fabricated and installed, which usually adds some time depending on the fabricator. Laminate and butcher block go faster. We plan the cabinet installation around the fabricator so the kitchen is out of service as briefly as possible.',
    },
    {
      question: 'Can you build a cabinet to fit an odd space?',
      answer:
        "Yes. Alcoves, sloped ceilings, the space beside a fireplace and the area under a stair are common in cabins and older homes around the Rim. We measure on site and build to the actual opening, scribing to walls that aren't square.",
    },
  ],
  image: 'services/cabinets',
  imageAlt: 'Illustration of installed kitchen base and wall cabinets with a countertop',
} satisfies Service;

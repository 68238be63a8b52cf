import { serviceSummary } from '../service-summaries';
import type { Service } from '../types';

export const fireplaceMantelsService = {
  ...serviceSummary('fireplace-mantels'),
  overview:
    "A mantel is the piece of woodwork everyone notices, and it sits closer to heat than anything else in the house. Every wood-burning fireplace, insert and gas unit comes with the manufacturer's clearances to combustibles: how far above and beside the opening a wood mantel and trim may sit, and how far they may project. We read those specs before we design anything, and we build to them exactly. If the mantel you want won't fit safely, we show you options that will, such as a noncombustible stone or steel surround with the wood mantel set higher.\n\nStyle comes after safety. In Rim Country, rough-sawn and hand-hewn beams, reclaimed timber and knotty pine suit most cabins, while painted surrounds with classic trim fit more formal rooms. Wood near a fire dries out even more than the rest of the house, so we use well-dried stock and fasten it to solid framing or masonry so it stays put.",
  typicalScope: [
    "Review of the fireplace or insert manufacturer's clearance and projection requirements",
    'Design and sizing of the mantel to suit the room and the firebox',
    'Shop-built mantel shelf, legs and surround, or a single beam mantel',
    'Secure mounting to framing or masonry with concealed steel brackets or anchors',
    'Noncombustible surround and hearth options in stone, tile or steel',
    'Removal of an old mantel and patching of the wall',
    'Finishing in stain, oil, paint or wax',
  ],
  materialsOptions: [
    'Rough-sawn or hand-hewn beams in pine, fir or oak',
    'Reclaimed timber from barns and old buildings',
    'Knotty pine or alder for a cabin feel',
    'Paint-grade poplar or maple for painted surrounds',
    'Natural or manufactured stone veneer surrounds',
    'Tile, steel or cast stone for noncombustible surrounds',
  ],
  timeline: '2-5 days for installation',
  careTips: [
    'Keep stockings, garland and decorations well away from the firebox opening, and never let them hang in front of it.',
    'Have the chimney or flue inspected and cleaned every year before burning season.',
    'If the mantel feels hot to the touch during a fire, stop using the fireplace and have it checked.',
    'Burn dry, seasoned firewood; wet wood builds creosote in the flue much faster.',
    'Dust wood mantels and refresh oil or wax finishes once or twice a year, since heat and dry air pull moisture from the wood.',
    'Ask before loading a floating beam with heavy stone or pottery; it is anchored for ordinary use, not unlimited weight.',
  ],
  faqs: [
    {
      question: 'How high does a wood mantel need to be above the fireplace?',
      answer:
        "It depends on the fireplace or insert and on how far the mantel projects; a deeper shelf generally has to sit higher. The manufacturer's installation manual gives the exact clearances, and for site-built masonry fireplaces the building code sets them. We confirm the numbers for your unit before designing the mantel.",
    },
    {
      question: 'Can I put a mantel on a gas fireplace wall with a TV above?',
      answer:
        'Usually, but gas units can run the wall above them hot, and many have specific rules for mantels and for TVs mounted above. The TV also has its own temperature limits. We read both manuals and, where the fireplace maker allows it, use a mantel or heat deflector to protect the wall and the screen.',
    },
    {
      question: 'Can you use a beam from my property or an old barn?',
      answer:
        'Often, yes. Reclaimed and salvaged timbers make handsome mantels, but they need to be dry, sound and free of insects, and old barn wood can hide nails and hardware. We check the piece, let it dry if needed, clean it up and cut it to fit your clearances.',
    },
    {
      question: "What's the difference between a mantel and a surround?",
      answer:
        'The mantel is the shelf, or the beam that serves as one. The surround is the face around the firebox opening, which can be wood legs and trim where clearances allow, or stone, tile or steel close to the opening. Many designs combine both.',
    },
    {
      question: 'How is a floating beam mantel attached?',
      answer:
        'We anchor steel rods or a hidden bracket into the wall framing or masonry, then bore the beam so it slides over them. Nothing shows, and a properly mounted beam carries far more than books and candles. On stone or brick we use masonry anchors, and on framed walls we add solid blocking first.',
    },
  ],
  image: 'services/fireplace-mantels',
  imageAlt: 'Illustration of a rustic wood beam mantel over a stone fireplace',
} satisfies Service;

import { serviceSummary } from '../service-summaries';
import type { Service } from '../types';

export const doorsWindowsService = {
  ...serviceSummary('doors-windows'),
  overview:
    'A door or window is only as good as its installation. We check the rough opening for rot and level, install a sloped sill pan, flash the unit in the right order so water sheds outward, and shim and fasten it square so it operates easily and seals tight. Low-expansion foam fills the gaps, and the casing goes back on to match the rest of the house.\n\n' +
    "Rim Country openings take real weather: wind-driven monsoon rain, snow drifting against thresholds, hard UV on the south side and freeze-thaw that finds every poorly sealed joint. We recommend dual-pane, low-E glass for comfort and efficiency. In wildfire country, tempered glass and solid-core or fire-rated exterior doors are sensible choices, and code requires them in some locations. We replace entry doors, patio doors, windows and interior doors, and we repair sticking, drafty or damaged ones when that's the better option.",
  typicalScope: [
    'Careful removal of old units to protect siding and interior finishes',
    'Inspection and repair of rotted sills, jambs and framing',
    'Sill pans, flashing tape and tie-in to the weather barrier',
    'New units set plumb, level and square and insulated with low-expansion foam',
    'Interior casing, exterior trim and sealant',
    'Locksets, deadbolts, hardware and weatherstripping',
    'Interior doors, prehung or hung on existing jambs',
    'Repair of sticking, sagging or drafty doors and windows',
  ],
  materialsOptions: [
    'Vinyl, fiberglass, wood-clad and aluminum-clad windows',
    'Dual-pane low-E glass, tempered where code requires it or wildfire exposure warrants it',
    'Insulated fiberglass and steel entry doors, including fire-rated models',
    'Solid wood entry doors for a stain-grade look',
    'Solid-core or fire-rated doors between an attached garage and the house',
    'Sliding, hinged and folding patio doors',
    'Solid-core or hollow-core interior doors in many panel styles',
    'Adjustable sills, compression weatherstripping and multipoint locks',
  ],
  timeline: '1-3 days per opening',
  careTips: [
    'Keep window tracks, door sills and weep holes clear of dirt and pine needles so water can drain out.',
    "Check weatherstripping each fall before the first snow, and replace any that's flattened or torn.",
    'Shovel snow away from thresholds and keep ice from building up at the sill.',
    'Lubricate hinges, locks and sliding-door rollers once a year with a dry or silicone lubricant.',
    'Recoat wood doors on sun-facing sides as soon as the finish looks dull; UV breaks finishes down quickly at altitude.',
    'If a door starts to rub at the top, replace a top-hinge screw with a long one that reaches the framing.',
  ],
  faqs: [
    {
      question: 'Should I repair my windows or replace them?',
      answer:
        'If the frames are sound and the glass seals are intact, repair and new weatherstripping may be enough. Fogging between the panes means a seal has failed, and drafty single-pane units or rotted frames are usually worth replacing. We look at each opening and tell you which makes sense.',
    },
    {
      question: 'What is the difference between a retrofit and a full-frame window replacement?',
      answer:
        'A retrofit, or insert, window fits inside the existing frame, which is faster and disturbs less siding and trim. A full-frame replacement removes everything down to the rough opening, so we can inspect and repair the framing and flash the opening properly. Where there is rot or a history of leaks, full-frame is the better choice.',
    },
    {
      question: 'Why does my door stick in summer but not in winter?',
      answer:
        'Wood doors and jambs swell when humidity rises during the monsoon and shrink in the dry months. Settling or loose hinge screws can also pull a door out of line. We adjust or reset the hinges, plane the edges if needed, and seal every edge of the door, including the top and bottom, so it takes on less moisture.',
    },
    {
      question: 'Do you install fire-rated doors?',
      answer:
        'Yes. A door between an attached garage and the house has to meet fire-resistance requirements, typically a solid-core or rated door, and some jurisdictions also require self-closing hinges. Wildfire-prone areas can add rules for exterior doors and glass, so we confirm local requirements before ordering.',
    },
    {
      question: 'How long does a door or window replacement take?',
      answer:
        'Most replacements take one to three days per opening, depending on size, trim work and whether we find rot behind the old unit. Every opening is closed up and weathertight at the end of each day. Your house is never left open to the weather overnight.',
    },
  ],
  image: 'services/doors-windows',
  imageAlt: 'Illustration of an entry door and a dual-pane window set in a framed wall',
} satisfies Service;

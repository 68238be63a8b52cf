import { serviceSummary } from '../service-summaries';
import type { Service } from '../types';

export const fencesService = {
  ...serviceSummary('fences'),
  overview:
    "Most fences in Rim Country fail at the posts. Freeze-thaw cycles lift posts that weren't set deep enough, wood rots where it meets wet soil, and monsoon winds push on a solid privacy fence like a sail. We dig below the frost line, even in rocky ground that calls for a rock bar or a core drill, and set posts in concrete crowned to shed water, or use steel posts where the fence will carry heavy loads.\n\nWildlife is the other half of the design. Deer clear an ordinary backyard fence with ease, and elk will lean on or push through anything that looks weak. For gardens and orchards we build taller fences with tight wire and solid top rails. Near the house, we also think about fire: a wood fence that runs straight into the wall can carry flame to the siding, so the last section can be metal.",
  typicalScope: [
    'Layout from your property markers, with utilities located before any digging',
    'Post holes dug below the frost line, including in rocky ground',
    'Posts set plumb and in line, in concrete or on steel',
    'Rails, pickets, panels or wire installed and stretched tight',
    'Gates framed with a diagonal brace and heavy hinges so they stay square',
    'A noncombustible section where the fence meets the house, on request',
    'Removal and haul-off of the old fence',
  ],
  materialsOptions: [
    'Cedar pickets and rails for privacy fences',
    'Pressure-treated posts rated for ground contact',
    'Steel pipe posts with welded wire for garden and wildlife fences',
    'Woven field fence or tall deer and elk netting on wood or steel posts',
    'Split rail and ranch rail for open property lines',
    'Ornamental steel or aluminum panels',
    'Corrugated metal or steel-framed panels, noncombustible near the house',
  ],
  timeline: '2-5 days',
  careTips: [
    'Keep soil, mulch and firewood away from the bottom of wood fences so the wood can dry out.',
    'Walk the fence line after big storms and heavy snow, and fix a leaning post before it pulls others over.',
    'Stain or seal cedar every few years to slow graying and splitting from the sun.',
    'Oil gate hinges and latches and check that gates still swing true each spring.',
    'Trim brush and dry grass along the fence line, especially before fire season.',
    'Keep sprinklers from hitting the fence; constant wetting rots wood quickly even in dry country.',
  ],
  faqs: [
    {
      question: 'How tall does a fence need to be to keep deer and elk out?',
      answer:
        'Taller than most people expect. Deer clear an ordinary backyard fence easily, and elk are strong jumpers that also push through weak spots. For a garden or orchard we usually recommend about eight feet with tight wire or netting, and we check local height rules before building.',
    },
    {
      question: 'How deep do fence posts need to go?',
      answer:
        "Deep enough to get below the frost line and to resist wind, which depends on the fence height and the soil. A common rule is to bury about a third of the post's total length, and never less than the local frost depth. In rocky Rim Country ground, we bring the tools to get there rather than settling for a shallow hole.",
    },
    {
      question: 'Can I fence just my garden instead of the whole property?',
      answer:
        "Yes, and it's often the better choice. A tall, well-built enclosure around a garden or orchard takes far less material and upkeep than a perimeter fence, and it leaves wildlife paths open across the rest of the lot. We build them with a proper walk-through gate so you're not climbing in and out.",
    },
    {
      question: 'Do I need a permit for a fence?',
      answer:
        "Many fences don't need a building permit, but height limits, setbacks and HOA rules often apply, and taller fences or walls may need review. Rules differ between the Town of Payson and unincorporated Gila County. We check before we dig, and we always have utilities located first.",
    },
    {
      question: 'Why does my wood gate sag?',
      answer:
        'Usually the gate frame has no diagonal brace, or the brace runs the wrong way, and the hinge post has started to lean. The brace should run from the bottom corner on the hinge side up to the top corner on the latch side, so it holds the frame up. We often reset the hinge post and rebuild the frame rather than adding a wheel or a cable.',
    },
  ],
  image: 'services/fences',
  imageAlt: 'Illustration of a tall wood-and-wire garden fence with elk grazing nearby',
} satisfies Service;

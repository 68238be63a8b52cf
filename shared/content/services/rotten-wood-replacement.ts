import { serviceSummary } from '../service-summaries';
import type { Service } from '../types';

export const rottenWoodReplacementService = {
  ...serviceSummary('rotten-wood-replacement'),
  overview:
    "Rot needs water, and even in country this dry it finds plenty: snow drifted against siding, ice backing up at the eaves, monsoon rain driven into window trim, a sprinkler that hits the same corner every morning. What you see is usually a soft spot in the fascia or a crumbling window sill. What's behind it is often wider, so we open things up until we reach sound wood before we replace anything.\n\nThe repair is only half the job. If the water keeps coming, the new wood fails the same way the old wood did. We add or fix flashing, drip edge and kick-out flashing where a roof meets a wall, correct gutters or grading that feed the problem, and back-prime every new board so it's sealed on all sides. Where it makes sense, we switch to rot-proof materials like PVC trim or fiber cement, and we treat exposed framing with a borate preservative.",
  typicalScope: [
    'Inspection with a probe and moisture meter to find the full extent of the damage',
    'Removal of rotted fascia, soffit, trim, siding, sills or deck boards',
    'Repair or sistering of damaged framing, rafter tails, sill plates and posts',
    'New wood back-primed and end-sealed before it goes up',
    'Flashing, drip edge and kick-out flashing added where water was getting in',
    'Caulk, primer and paint to match, or a primed surface ready for your painter',
    'Photos of what we found behind the damage',
  ],
  materialsOptions: [
    'Primed pine or fir trim, finger-jointed or clear',
    'Cedar trim and siding to match existing',
    'Cellular PVC trim, which cannot rot',
    'Fiber cement trim and siding',
    'Borate preservative for exposed framing',
    'Epoxy consolidant and filler for small areas on hard-to-replace pieces',
  ],
  timeline: '1-5 days depending on extent',
  careTips: [
    "Each spring, look for peeling paint, open caulk joints and dark stains on trim; they're the early signs.",
    'Keep snow, firewood and dirt from piling up against siding and deck posts.',
    'Clean the gutters after the pine needles drop and again before monsoon season.',
    'Aim sprinklers away from walls, fences and deck posts.',
    'Repaint before the old finish wears through; bare wood weathers quickly in high-altitude sun.',
    'Keep soil and mulch at least six inches below wood siding and trim.',
  ],
  faqs: [
    {
      question: "Isn't dry rot caused by dry weather?",
      answer:
        'No, the name is misleading. Dry rot is fungal decay, and it needs moisture to get started; the wood only looks dry and crumbly once the damage is done. Here it usually traces back to a leak, snow sitting against the wall, a sprinkler, or sun-cracked paint that lets rain soak in.',
    },
    {
      question: "Can't you just fill the rotten spot with wood filler?",
      answer:
        'For a small, shallow spot in otherwise sound wood, an epoxy consolidant and filler works well. Most rot we see goes deeper than it looks, and filler over decayed wood just traps moisture. We probe it and tell you plainly which repair fits.',
    },
    {
      question: 'How do you know how far the rot goes?',
      answer:
        "Often nobody knows for certain until the piece comes off. We probe with an awl, check with a moisture meter and look at the nearby framing before we quote, and we tell you up front if the hidden part could be larger. If we find more once it's open, we show you photos before doing any extra work.",
    },
    {
      question: 'Will the new wood match the rest of my house?',
      answer:
        "We match profiles and dimensions as closely as possible, and many older trim and siding patterns are still available or can be milled. New wood looks different until it's painted, so we prime it and can paint to match. Stained or weathered siding is harder to blend, and we talk that through before starting.",
    },
    {
      question: 'Should I replace rotted trim with PVC?',
      answer:
        "For sills, fascia and trim near the ground or a roof line, cellular PVC is a good choice because it can't rot. It expands and contracts more with temperature than wood does, so it needs proper joints and fastening, and dark colors need a paint rated for vinyl. Where trim has to match an older look, well-sealed wood is still a sound option.",
    },
  ],
  image: 'services/rotten-wood-replacement',
  imageAlt: 'Illustration of a carpenter replacing a rotted fascia board along a roof edge',
} satisfies Service;

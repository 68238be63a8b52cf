import { serviceSummary } from '../service-summaries';
import type { Service } from '../types';

export const paintingService = {
  ...serviceSummary('painting'),
  overview:
    'A paint job is mostly prep. Outside, we wash, scrape to sound paint, replace soft trim, set nails, prime bare wood and re-caulk joints before any finish coat goes on. Inside, we patch and sand walls, caulk trim, and protect floors and furniture. Skipping those steps saves a day and costs years.\n\n' +
    "At five thousand feet the sun is hard on paint. UV wears out south- and west-facing walls long before the north side, and dry air and freeze-thaw cycles crack rigid coatings and cheap caulk. We use quality acrylic exterior paints and sealants that stay flexible, prime knotty pine so the knots don't bleed through, and paint only in weather the product allows: not in the heat of a summer afternoon, not ahead of a monsoon storm, and not on a cold fall day when the surface won't stay warm enough to cure.",
  typicalScope: [
    'Washing, scraping and sanding to a sound surface',
    'Replacement of soft trim or siding boards before painting',
    'Caulking of joints, nail holes and trim gaps',
    'Spot or full priming matched to the surface',
    'Two finish coats on walls, ceilings, trim and doors',
    'Exterior siding, fascia, soffits, railings and deck skirting',
    'Cabinet and built-in repainting',
    'Stains and clear finishes on log and wood-sided homes',
  ],
  materialsOptions: [
    '100% acrylic exterior paint in flat, satin or semi-gloss',
    'Solid and semi-transparent stains for wood siding, logs and fences',
    'Bonding primers, and stain-blocking primers over knots and tannin-rich wood',
    'Low-VOC interior paints in flat, eggshell, satin and semi-gloss',
    'Hard-wearing enamels for trim, doors and cabinets',
    'Flexible high-performance sealants for exterior joints',
    'Lighter colors on sun-facing walls to reduce heat buildup and fading',
  ],
  timeline: '3-7 days',
  careTips: [
    "Walk around the house each spring and fall and look at the south and west walls first; that's where paint fails early.",
    'Wash exterior walls gently once a year to remove dust and pollen, and never hold a pressure washer close to the siding.',
    'Aim sprinklers and drip lines so they never wet the siding.',
    'Re-caulk gaps at trim and windows as soon as they open, before water gets behind the paint.',
    'Keep snow from piling against siding and trim through the winter.',
    "Save leftover paint labeled by room for touch-ups, and store it where it won't freeze.",
  ],
  faqs: [
    {
      question: 'How often does exterior paint need redoing up here?',
      answer:
        'Exposure matters more than anything. South and west walls in full sun wear out much faster than shaded sides, and stained wood usually needs recoating sooner than paint. Repainting the sunny sides on a shorter cycle often makes more sense than waiting until the whole house needs it.',
    },
    {
      question: 'When is the best time of year to paint outside in Rim Country?',
      answer:
        "Late spring and early fall are usually best. Most exterior paints need surface and air temperatures above a minimum through the curing period, and they shouldn't go on in direct midday sun or right before rain. During the monsoon we paint in the mornings and watch the afternoon sky.",
    },
    {
      question: 'Why is the paint peeling off my siding?',
      answer:
        'Peeling usually means moisture is getting behind the paint, or the paint went over a surface that was never properly prepared. Common causes are failed caulk, missing flashing, rot, or latex applied over old oil paint without a bonding primer. We find and fix the cause before repainting, or the new coat will peel too.',
    },
    {
      question: 'Can you paint stained trim, paneling or cabinets?',
      answer:
        "Yes, with the right prep. Glossy finishes are cleaned, scuff-sanded and primed with a bonding primer, and knotty pine gets a stain-blocking primer so the knots don't bleed through. Without the primer, the paint chips and yellows.",
    },
    {
      question: 'Do you refinish log homes?',
      answer:
        'Yes. We clean the logs, repair what needs it and apply a breathable finish made for log and wood siding, so moisture can escape instead of blistering the coating. Sealing checks and joints is part of the job, and the sun-facing walls usually need attention more often than the rest.',
    },
  ],
  image: 'services/painting',
  imageAlt: 'Illustration of a paintbrush cutting in paint along window trim',
} satisfies Service;

import { serviceSummary } from '../service-summaries';
import type { Service } from '../types';

export const hardwoodFloorService = {
  ...serviceSummary('hardwood-floor'),
  overview:
    'Wood moves with humidity, and the air under the Rim is dry most of the year, then damp for a few weeks during monsoon season. A floor installed too wet opens up gaps by winter; one installed too dry can cup or buckle when the rains come. We check the flooring and the subfloor with a moisture meter, let the wood acclimate in the house, and fasten it to a flat, solid subfloor.\n\n' +
    'For new floors we install solid hardwood nailed down, or engineered hardwood, which stays more stable over concrete slabs and radiant heat. For existing floors we sand to bare wood, replace damaged boards and finish in the stain and sheen you choose. To keep any wood floor stable, hold indoor relative humidity at 35-55% year round; in a Rim Country winter that usually means running a humidifier.',
  typicalScope: [
    'Moisture testing of the flooring and the subfloor',
    'Removal of old flooring and disposal',
    'Subfloor repair, flattening and screwing down to stop squeaks',
    'Acclimation of new flooring inside the house',
    'Installation of solid or engineered hardwood: nail-down, glue-down or floating',
    'Thresholds, transitions, stair nosings and base shoe',
    'Sanding, board replacement, stain and finish on refinishing jobs',
    'Dust control and cleanup',
  ],
  materialsOptions: [
    'Solid red or white oak',
    'Hickory and maple for harder-wearing floors',
    'Engineered hardwood for slabs, basements and radiant heat',
    'Wide-plank and character-grade boards for rustic homes',
    'Knotty pine for cabins, with the understanding that it dents',
    'Water-based polyurethane finishes: low odor and quick to recoat',
    'Oil-based polyurethane or hardwax oil finishes that are easy to spot-repair',
  ],
  timeline: '3-7 days install, 2-4 days refinish',
  careTips: [
    'Keep indoor relative humidity at 35-55%: run a humidifier in winter and watch the gauge during monsoon season.',
    'Put felt pads under furniture legs and rugs at entries where grit and snow come in.',
    'Sweep or vacuum often; gravel and grit from the driveway act like sandpaper on the finish.',
    'Clean with a barely damp mop and a cleaner made for the finish; never wet-mop or steam-clean.',
    'Wipe up melted snow and spills right away.',
    'Expect small seasonal gaps in winter; they usually close again when humidity returns.',
    'Have the floor screened and recoated before the finish wears through to bare wood.',
  ],
  faqs: [
    {
      question: 'Why does my hardwood floor have gaps in the winter?',
      answer:
        'Wood shrinks when the air dries out, and heated indoor air in a Rim Country winter can drop well below 35% relative humidity. Small gaps that close up again in summer are normal movement, not a defect. Keeping the house at 35-55% with a humidifier keeps the gaps small and protects the boards and finish.',
    },
    {
      question: 'Should I choose solid or engineered hardwood?',
      answer:
        'Solid hardwood can be sanded and refinished many times and suits wood subfloors above grade. Engineered hardwood has a real wood wear layer over a cross-layered core, so it moves less with humidity and is the better choice over concrete slabs, in basements and with radiant floor heat. Once installed, the two look the same.',
    },
    {
      question: 'Can my old floors be refinished instead of replaced?',
      answer:
        'Most solid hardwood floors can be sanded several times, and floors that have been under carpet for decades often come back beautifully. We check board thickness, look for deep damage, pet stains and loose boards, and weave in new pieces where needed. Engineered floors can be refinished if the wear layer is thick enough.',
    },
    {
      question: 'How soon can we use the floor after refinishing?',
      answer:
        'With water-based finishes you can usually walk on the floor in socks after about a day and move furniture back after a few days. Rugs should wait about two weeks while the finish cures fully. Oil-based finishes take longer at each step, and we give you the exact schedule for the finish we use.',
    },
    {
      question: 'Why do you let the wood sit in the house before installing it?',
      answer:
        "Flooring is often stored in warehouses with very different humidity from your home. We let it acclimate and check it with a meter until its moisture is close to the subfloor's and suited to the conditions the house will see. Skipping that step is the most common cause of gaps, cupping and buckling in the first year.",
    },
  ],
  image: 'services/hardwood-floor',
  imageAlt: 'Illustration of wide hardwood planks being laid across a cabin living room floor',
} satisfies Service;

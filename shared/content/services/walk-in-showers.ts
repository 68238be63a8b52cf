import { serviceSummary } from '../service-summaries';
import type { Service } from '../types';

export const walkInShowersService = {
  ...serviceSummary('walk-in-showers'),
  overview:
    "A walk-in shower is only as good as what's under the tile. We take the old enclosure down to the studs and subfloor, repair any water damage we find, and build a sloped base with a continuous waterproofing membrane that runs up the walls and ties into the drain. A curbless shower can mean recessing the floor framing so the bathroom floor runs straight in without a step, and that has to be planned before anything is ordered.\n\n" +
    "Up here the house itself works against a shower. Dry air most of the year and damp monsoon weeks keep the framing moving, and a bathroom on an outside wall can sit near freezing on a January night. We put flexible movement joints at inside corners and changes of plane instead of hard grout, set blocking for grab bars now even if you don't want them yet, and install an exhaust fan sized for the room so the moisture actually leaves the house.",
  typicalScope: [
    'Removal of the old tub or shower down to studs and subfloor',
    'Repair of rotted subfloor, framing or sill plate found behind the old enclosure',
    'Coordination with a licensed plumber for valve and drain changes',
    'Sloped shower base with a center or linear drain, including curbless layouts',
    'Continuous waterproofing membrane on walls and floor, flood-tested before tile',
    'Tile setting, grouting and flexible sealant at corners and transitions',
    'Recessed niches, a bench and in-wall blocking for grab bars',
    'Glass panel or door installation and final trim-out',
  ],
  materialsOptions: [
    'Porcelain wall and floor tile, including large-format panels',
    'Small mosaic or pebble tile for a slip-resistant shower floor',
    'Sheet or liquid-applied waterproofing membranes',
    'Linear drains or standard center drains with tile-in grates',
    'Tempered glass fixed panels, hinged doors or sliding doors',
    'Natural stone accents, sealed for wet areas',
    'Solid-surface or cultured stone wall panels for fewer grout lines',
  ],
  timeline: '1-2 weeks',
  careTips: [
    'Run the exhaust fan during every shower and for at least 20 minutes afterward.',
    'Squeegee the glass and tile after use; hard water leaves mineral spots that get tougher to remove the longer they sit.',
    'Clean with pH-neutral cleaners. Acids and bleach break down grout and sealers over time.',
    'Reseal cement grout and natural stone about once a year, or whenever water stops beading on the surface.',
    'Check the sealant at corners, the glass and the shower entry each fall, and replace any that has split or pulled away.',
    "Keep the heat on in an outside-wall bathroom during cold snaps so the room and its pipes don't drop below freezing.",
  ],
  faqs: [
    {
      question: 'Can you convert my bathtub into a walk-in shower?',
      answer:
        "Yes, most standard tub alcoves convert well. We remove the tub, check the subfloor and framing, move the drain to suit the new base and waterproof the whole enclosure. If it's the only tub in the house, think about resale and young children before giving it up.",
    },
    {
      question: 'Is a curbless, zero-threshold shower possible in my house?',
      answer:
        'Often, but it depends on what is under the floor. On a wood-framed floor we may recess the joists or build up the rest of the bathroom floor so water still runs to the drain, and on a slab the concrete may need to be cut. We look at the framing on site before promising a zero-threshold entry.',
    },
    {
      question: 'If tile is waterproof, why does the waterproofing matter so much?',
      answer:
        "Tile may shed water, but grout and the joints around it don't stop it. Water works through the grout into whatever is behind it, so the membrane under the tile is what keeps the framing dry. We flood-test the shower base before any tile goes down.",
    },
    {
      question: 'What kind of glass do you use for shower enclosures?',
      answer:
        'Shower glass is tempered safety glass, which code requires in wet locations. Thicker fixed panels need fewer clips and feel solid. A single fixed panel with no door is the easiest to keep clean and works well when the shower is deep enough to contain the spray.',
    },
    {
      question: 'Does a shower remodel need a permit?',
      answer:
        "Moving plumbing, changing walls or altering the layout usually does, while replacing tile on an existing shower often doesn't. Requirements differ between towns, the county and Phoenix-area cities. We check what applies to your job before work starts.",
    },
  ],
  image: 'services/walk-in-showers',
  imageAlt: 'Illustration of a tiled walk-in shower with a glass panel and a linear drain',
} satisfies Service;

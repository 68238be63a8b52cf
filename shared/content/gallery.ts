import type { GalleryItem } from './types';

/** Six before-and-after projects shown in the gallery. */
export const galleryItems = [
  {
    id: 'deck-rebuild',
    beforeImage: 'gallery/deck-rebuild-before',
    afterImage: 'gallery/deck-rebuild-after',
    beforeAlt: 'Weathered gray deck with cupped, split boards, popped nails and a loose, leaning railing',
    afterAlt: 'Rebuilt deck with new tight-spaced decking, square posts and a sturdy, freshly finished railing',
    serviceType: 'Decks',
    caption: 'Weathered Deck Rebuilt From the Frame Up',
    problem:
      'Years of snow, monsoon rain and strong sun had cupped and split the deck boards and loosened the railing. Water trapped at the ledger board had started to rot the framing against the house.',
    solution:
      'We tore off the old decking, replaced the rotted joists and re-flashed the ledger so water sheds away from the house. New pressure-treated framing with joist tape, fresh decking and a rebuilt railing with solid post connections finished the job.',
    location: 'Northern Arizona',
  },
  {
    id: 'walk-in-shower-conversion',
    beforeImage: 'gallery/walk-in-shower-conversion-before',
    afterImage: 'gallery/walk-in-shower-conversion-after',
    beforeAlt: 'Dated almond tub and shower combo with a tall step-over edge and stained caulk',
    afterAlt: 'Walk-in tiled shower with a low curb, built-in niche, grab bar and clear glass panel',
    serviceType: 'Walk-in Showers',
    caption: 'Old Tub Turned Into Walk-in Shower',
    problem:
      'The homeowners were tired of stepping over a high tub wall every day, and the old fiberglass tub and surround were stained and dated. Failing caulk at the tub edge had let water wick into the wall behind it.',
    solution:
      'We removed the tub, repaired the damaged framing and subfloor, and built a new shower with a waterproofed pan and walls. Porcelain tile, a recessed niche, blocking for a grab bar and a glass panel made it easier to use and simple to keep clean.',
    location: 'Northern Arizona',
  },
  {
    id: 'bathroom-remodel',
    beforeImage: 'gallery/bathroom-remodel-before',
    afterImage: 'gallery/bathroom-remodel-after',
    beforeAlt: 'Cramped bathroom with a worn laminate vanity, peeling vinyl floor and dim builder-grade lighting',
    afterAlt: 'Remodeled bathroom with a wood vanity, tile floor, new mirror and bright modern light fixture',
    serviceType: 'Bathroom Remodeling',
    caption: 'Full Bathroom Remodel, Floor to Ceiling',
    problem:
      'The bathroom had a swollen particleboard vanity, peeling sheet vinyl and a soft spot in the floor near the toilet. A slow leak had gone unnoticed long enough to damage the subfloor.',
    solution:
      'We gutted the room to the studs, replaced the damaged subfloor and reset the toilet on a new flange. A solid wood vanity, tile flooring, fresh drywall and paint, and updated lighting gave the room a clean, lasting finish.',
    location: 'Northern Arizona',
  },
  {
    id: 'interior-trim-refresh',
    beforeImage: 'gallery/interior-trim-refresh-before',
    afterImage: 'gallery/interior-trim-refresh-after',
    beforeAlt: 'Thin, dinged baseboard and door casing with open miter joints and gaps along the wall',
    afterAlt: 'Wide painted baseboard and craftsman-style door casing with tight joints and clean caulk lines',
    serviceType: 'Interior Trim',
    caption: 'Interior Trim Upgrade With Tight Joints',
    problem:
      "The home's thin baseboard and casing were dinged and dated, and the dry mountain air had opened gaps at the miters and along the walls. The trim made the rooms look unfinished.",
    solution:
      'We replaced the old pieces with wider baseboard and craftsman-style casing, letting the material acclimate before installation. Coped inside corners, glued miters and careful caulking and paint keep the joints tight through the seasons.',
    location: 'Northern Arizona',
  },
  {
    id: 'ceramic-tile-floor',
    beforeImage: 'gallery/ceramic-tile-floor-before',
    afterImage: 'gallery/ceramic-tile-floor-after',
    beforeAlt: 'Entry floor with cracked tiles, crumbling dark grout and hollow-sounding loose tiles',
    afterAlt: 'New large-format ceramic tile floor with straight, even grout lines in a bright entryway',
    serviceType: 'Ceramic Tile',
    caption: 'Cracked Entry Tile Replaced and Reset',
    problem:
      'Several tiles in the entry had cracked and come loose, and the grout was crumbling and stained. The original tile had been set without proper underlayment, so the floor moved underfoot.',
    solution:
      'We removed the old tile, stiffened the subfloor and installed an uncoupling membrane to handle movement. New ceramic tile, set with full mortar coverage and finished with a sealed grout, gives the entry a durable floor that stands up to snowy boots.',
    location: 'Northern Arizona',
  },
  {
    id: 'deck-stairs-railing',
    beforeImage: 'gallery/deck-stairs-railing-before',
    afterImage: 'gallery/deck-stairs-railing-after',
    beforeAlt: 'Sagging deck stairs with rotted treads, a cracked stringer and a wobbly handrail',
    afterAlt: 'Rebuilt deck stairs with new treads, solid stringers on concrete footings and a graspable handrail',
    serviceType: 'Decks',
    caption: 'Unsafe Deck Stairs and Railing Rebuilt',
    problem:
      'The deck stairs had rotted where the stringers sat on bare dirt, and freeze-thaw cycles had heaved the bottom step out of level. The handrail wobbled and was no longer safe to lean on.',
    solution:
      'We rebuilt the stairs with new pressure-treated stringers set on a concrete landing pad so the wood stays off the soil. Fresh treads, a properly anchored railing and a continuous handrail made the stairs solid and safe again.',
    location: 'Northern Arizona',
  },
] as const satisfies readonly GalleryItem[];

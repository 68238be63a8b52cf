import { layoutLine, loadRobotoSlab } from '../text/glyph-text';

/*
 * The "Before" and "After" tags of a project's share image, in the site's heading face (Roboto
 * Slab bold) as SVG paths: text in an SVG would be drawn with whatever fonts the server happens
 * to have, or none.
 */

/** Where a tag sits on its half, and its colours (the site's pine and cream). */
export const shareLabelBox = { left: 24, bottom: 24, height: 52, fill: '#1f3d2b', text: '#fdfaf4' } as const;

/** A tag as an SVG image of its own size, to composite at `shareLabelBox` from a half's bottom-left corner. */
export async function shareLabel(text: string): Promise<Buffer> {
  const face = await loadRobotoSlab(700);
  const size = 28;
  const padding = 20;
  const height = shareLabelBox.height;
  // The baseline where the capitals sit in the middle of the tag (cap height about 0.7 em).
  const line = layoutLine(face, text, padding, Math.round(height / 2 + size * 0.35), size);
  const width = Math.ceil(line.width + padding * 2);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect width="${width}" height="${height}" rx="${height / 2}" fill="${shareLabelBox.fill}" fill-opacity="0.92"/>` +
      `<path d="${line.d}" fill="${shareLabelBox.text}"/></svg>`,
  );
}

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Font, Glyph } from 'opentype.js';
import { onFirstUse } from '../first-use';

/**
 * Text drawn as glyph outlines (SVG paths) in the site's Roboto Slab (the @fontsource files), so
 * that images with words in them need no fonts on the machine that renders them: the build's
 * share images (scripts/images) and the server's share images of the owner's projects.
 */
const fonts = new Map<number, Promise<Font>>();
const resolve = createRequire(import.meta.url).resolve;
const loadOpentype = onFirstUse('opentype.js', async () => (await import('opentype.js')).default);

/** Roboto Slab at `weight`; opentype.js is loaded on first use only. */
export function loadRobotoSlab(weight: 400 | 700): Promise<Font> {
  let font = fonts.get(weight);
  if (!font) {
    font = (async () => {
      const bytes = await readFile(resolve(`@fontsource/roboto-slab/files/roboto-slab-latin-${weight}-normal.woff`));
      const opentype = await loadOpentype();
      return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    })();
    fonts.set(weight, font);
  }
  return font;
}

/**
 * Lays out one line glyph by glyph (with kerning). opentype.js's own text shaping trips over the
 * ccmp lookups of Roboto Slab ("substFormat 2 is not yet supported"), and Latin text needs none.
 */
export function layoutLine(font: Font, text: string, x: number, y: number, size: number): { d: string; width: number } {
  const scale = size / font.unitsPerEm;
  let pen = x;
  let d = '';
  let prev: Glyph | undefined;
  for (const ch of text) {
    const glyph = font.charToGlyph(ch);
    if (prev) pen += font.getKerningValue(prev, glyph) * scale;
    d += glyph.getPath(pen, y, size).toPathData(1);
    pen += (glyph.advanceWidth ?? 0) * scale;
    prev = glyph;
  }
  return { d, width: pen - x };
}

export const textWidth = (font: Font, text: string, size: number) => layoutLine(font, text, 0, 0, size).width;

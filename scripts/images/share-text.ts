/**
 * Text of the share images, drawn as glyph outlines (SVG paths) in Roboto Slab so that the
 * rendering needs no system fonts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Font, Glyph } from 'opentype.js';

const fonts = new Map<string, Font>();
/** opentype.js is loaded on first use only, so image builds without share images start faster. */
export async function loadFont(root: string, weight: 400 | 700): Promise<Font> {
  const file = path.join(root, `node_modules/@fontsource/roboto-slab/files/roboto-slab-latin-${weight}-normal.woff`);
  let font = fonts.get(file);
  if (!font) {
    const buf = readFileSync(file);
    const { default: opentype } = await import('opentype.js');
    font = opentype.parse(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
    fonts.set(file, font);
  }
  return font;
}

/**
 * Lays out one line glyph by glyph (with kerning). opentype.js's own text shaping trips over the
 * ccmp lookups of Roboto Slab ("substFormat 2 is not yet supported"), and Latin titles need none.
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

function wrapWords(font: Font, text: string, size: number, maxWidth: number): string[] {
  const words = text.trim().split(/\s+/);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (!current || textWidth(font, candidate, size) <= maxWidth) current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  return lines;
}

export function fitTitle(font: Font, title: string, maxWidth: number): { lines: string[]; size: number } {
  for (let size = 76; size >= 44; size -= 4) {
    const lines = wrapWords(font, title, size, maxWidth);
    const widest = Math.max(...lines.map((l) => textWidth(font, l, size)));
    if (lines.length <= 3 && widest <= maxWidth) return { lines, size };
  }
  // still too long at the smallest size: keep 3 lines and end the last one with an ellipsis
  const size = 44;
  const lines = wrapWords(font, title, size, maxWidth).slice(0, 3);
  let last = lines[2] ?? '';
  while (last && textWidth(font, `${last}…`, size) > maxWidth) last = last.replace(/\s*\S+$/, '');
  if (lines.length === 3) lines[2] = `${last}…`;
  return { lines, size };
}

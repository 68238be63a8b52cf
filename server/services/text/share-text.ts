/** A share image's title, wrapped and sized to fit (the glyphs: server/services/text/glyph-text.ts). */
import type { Font } from 'opentype.js';
import { textWidth } from './glyph-text';

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

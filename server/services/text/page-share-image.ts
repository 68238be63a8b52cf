/**
 * The branded 1200x630 share (Open Graph) image of a page: its title set large, the business's
 * name, town and phone under it, the logo and pines, text drawn as glyph paths (glyph-text.ts),
 * so no fonts are needed where it is drawn. The build draws every page's (scripts/images/share-image.ts,
 * with the defaults of shared/content/business.ts); the server draws them again with the phone
 * the owner saved (server/http/share-images.ts), by this same function.
 */
import sharp from 'sharp';
import type { Business } from '@shared/content/business-facts';
import { shareImageSize } from '@shared/images';
import { layoutLine, loadRobotoSlab, textWidth } from './glyph-text';
import { fitTitle } from './share-text';

/** The line under the title: "Rim Country Carpentry · Payson, AZ · (928) 555-0147". */
export const shareSubtitle = (business: Pick<Business, 'name' | 'homeTown' | 'region' | 'phoneDisplay'>) =>
  `${business.name} · ${business.homeTown}, ${business.region} · ${business.phoneDisplay}`;

/** Inner markup and viewBox size of the logo SVG, to embed it in another SVG. */
function logoInner(svg: string): { inner: string; size: number } {
  const vb = /viewBox="\s*[\d.-]+\s+[\d.-]+\s+([\d.]+)\s+([\d.]+)\s*"/.exec(svg);
  const inner = svg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  return { inner, size: vb ? Math.max(Number(vb[1]), Number(vb[2])) : 64 };
}

function pineSilhouettes(seed: number, y: number, color: string, width: number): string {
  let a = seed;
  const rnd = () => {
    a = (a * 1664525 + 1013904223) >>> 0;
    return a / 4294967296;
  };
  let d = '';
  for (let x = -20; x < width + 40; x += 26 + rnd() * 30) {
    const h = 40 + rnd() * 70;
    const w = h * 0.24;
    const top = y - h;
    d += `M${x.toFixed(0)} ${top.toFixed(0)}`;
    for (let i = 1; i <= 4; i++) {
      const yy = top + (h * 0.86 * i) / 4;
      const ww = w * (0.35 + (0.65 * i) / 4);
      d += `L${(x + ww).toFixed(1)} ${yy.toFixed(1)}L${(x + ww * 0.45).toFixed(1)} ${yy.toFixed(1)}`;
    }
    d += `L${(x + 1.5).toFixed(1)} ${(y - h * 0.14).toFixed(1)}V${y}H${(x - 1.5).toFixed(1)}V${(y - h * 0.14).toFixed(1)}`;
    for (let i = 4; i >= 1; i--) {
      const yy = top + (h * 0.86 * i) / 4;
      const ww = w * (0.35 + (0.65 * i) / 4);
      d += `L${(x - ww * 0.45).toFixed(1)} ${yy.toFixed(1)}L${(x - ww).toFixed(1)} ${yy.toFixed(1)}`;
    }
    d += 'Z';
  }
  return `<path d="${d}" fill="${color}"/>`;
}

/** The share image as SVG (text converted to paths, so no system fonts are involved). */
export async function shareImageSvg(title: string, subtitle: string, logoSvg: string): Promise<string> {
  const { width: W, height: H } = shareImageSize;
  const bold = await loadRobotoSlab(700);
  const regular = await loadRobotoSlab(400);
  const left = 80;
  const maxWidth = W - left * 2;
  const { lines, size } = fitTitle(bold, title, maxWidth);
  const lineH = Math.round(size * 1.14);
  const subSize = 30;
  // vertical layout: logo row, title block, accent bar, subtitle; centred in the space above the band
  const logoSize = 84;
  const logoY = 64;
  const titleH = lines.length * lineH;
  const blockH = titleH + 8 + 8 + 34 + subSize;
  const spaceTop = logoY + logoSize + 40;
  const spaceBottom = 530;
  const blockTop = Math.round(spaceTop + Math.max(0, (spaceBottom - spaceTop - blockH) / 2));
  const barY = blockTop + titleH + 8;
  const subY = barY + 34 + subSize;
  const titlePaths = lines.map((l, i) => layoutLine(bold, l, left, blockTop + i * lineH + size * 0.8, size).d).join('');
  let sub = subtitle;
  while (sub && textWidth(regular, sub, subSize) > maxWidth) sub = sub.replace(/\s*\S+$/, '');
  const subPath = layoutLine(regular, sub, left, subY, subSize).d;
  // subtle wood grain
  let grain = '';
  for (let i = 0; i < 9; i++) {
    const y = 40 + i * 62;
    grain += `M0 ${y}C300 ${y - 14} 500 ${y + 18} 800 ${y + 2}S1100 ${y - 10} 1200 ${y + 6}`;
  }
  const { inner, size: logoVb } = logoInner(logoSvg);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#244a33"/><stop offset="1" stop-color="#18301f"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>`,
    `<path d="${grain}" fill="none" stroke="#ffffff" stroke-opacity="0.035" stroke-width="3"/>`,
    pineSilhouettes(7, H + 2, '#2a5238', W),
    pineSilhouettes(11, H + 2, '#20412c', W).replace('<path', '<path transform="translate(13 18)"'),
    `<rect x="0" y="0" width="${W}" height="10" fill="#b5543c"/>`,
    `<rect x="${left - 4}" y="${logoY - 4}" width="${logoSize + 8}" height="${logoSize + 8}" rx="${(logoSize + 8) * 0.24}" fill="#f6efe3" fill-opacity="0.9"/>`,
    `<g transform="translate(${left} ${logoY}) scale(${logoSize / logoVb})">${inner}</g>`,
    `<path d="${titlePaths}" fill="#f6efe3"/>`,
    `<rect x="${left}" y="${barY}" width="120" height="8" rx="4" fill="#d3774f"/>`,
    `<path d="${subPath}" fill="#d8a96d"/>`,
    '</svg>',
  ].join('');
}

/** The share image as the site serves it: JPEG, as the build writes it. */
export function shareImageJpeg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true, progressive: true }).toBuffer();
}

/**
 * The branded 1200x630 share (Open Graph) image of a page, cached by title and subtitle in
 * public/img/.share-cache.json.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { business } from '../../shared/content/business';
import { shareImageSize } from '../../shared/images';
import { defaultRoot, readJson, toPosix, writeJsonAtomic } from './files';
import { layoutLine, loadRobotoSlab, textWidth } from '../../server/services/text/glyph-text';
import { fitTitle } from './share-text';

const SHARE_CACHE_FILE = 'public/img/.share-cache.json';

export interface ShareImageInput {
  /** Page title, set large (wrapped to at most 3 lines, shrunk to fit). */
  title: string;
  /** Line under the title; default "Rim Country Carpentry · Payson, AZ · (928) 555-0147". */
  subtitle?: string;
  /** Output JPEG; relative paths are resolved against the project root. See shareImageFile(). */
  outFile: string;
  /** Render even when the cache says the same title/subtitle is already there. */
  force?: boolean;
  /** Project root (default: the repository root). */
  root?: string;
}

/** Revision of the share image design: bump to re-render all share images. */
const SHARE_REVISION = 1;

const defaultShareSubtitle = `${business.name} · ${business.homeTown}, ${business.region} · ${business.phoneDisplay}`;

/** Absolute output path of a page's share image, matching shareImageUrl(pageKey) of shared/images. */
export function shareImageFile(pageKey: string, root = defaultRoot): string {
  return path.join(root, 'public/img/og', `${pageKey}.jpg`);
}

let shareCache: { file: string; data: Record<string, string> } | undefined;

function loadShareCache(root: string) {
  const file = path.join(root, SHARE_CACHE_FILE);
  if (!shareCache || shareCache.file !== file) shareCache = { file, data: readJson<Record<string, string>>(file, {}) };
  return shareCache;
}

function shareKey(input: ShareImageInput) {
  const root = input.root ?? defaultRoot;
  const abs = path.resolve(root, input.outFile);
  const rel = toPosix(path.relative(root, abs));
  const hash = createHash('sha256')
    .update(JSON.stringify([SHARE_REVISION, input.title, input.subtitle ?? defaultShareSubtitle, readLogo(root)]))
    .digest('hex')
    .slice(0, 16);
  return { root, abs, rel, hash };
}

let logoCache: { root: string; svg: string } | undefined;
function readLogo(root: string): string {
  if (!logoCache || logoCache.root !== root) {
    const file = path.join(root, 'images/brand/logo.svg');
    logoCache = { root, svg: existsSync(file) ? readFileSync(file, 'utf8') : '' };
  }
  return logoCache.svg;
}

/** Inner markup and viewBox size of the logo SVG, to embed it in another SVG. */
function logoInner(root: string): { inner: string; size: number } {
  const svg = readLogo(root);
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
async function shareImageSvg(
  title: string,
  subtitle: string = defaultShareSubtitle,
  root = defaultRoot,
): Promise<string> {
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
  const { inner, size: logoVb } = logoInner(root);
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

/**
 * Renders the branded 1200x630 share image of a page as JPEG. Skips the work when the same
 * title/subtitle (and logo) was rendered to the same file before.
 */
export async function renderShareImage(input: ShareImageInput): Promise<{ outFile: string; rendered: boolean }> {
  const { root, abs, rel, hash } = shareKey(input);
  const cacheState = loadShareCache(root);
  if (!input.force && existsSync(abs) && cacheState.data[rel] === hash) return { outFile: abs, rendered: false };
  const svg = await shareImageSvg(input.title, input.subtitle ?? defaultShareSubtitle, root);
  mkdirSync(path.dirname(abs), { recursive: true });
  await sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true, progressive: true }).toFile(abs);
  // only remember files inside the project (e.g. not /tmp test renders)
  if (!rel.startsWith('..')) {
    cacheState.data[rel] = hash;
    writeJsonAtomic(cacheState.file, cacheState.data);
  }
  return { outFile: abs, rendered: true };
}

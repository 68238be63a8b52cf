/**
 * Image pipeline.
 *
 * Every source in images/<folder>/ (svg, jpg, jpeg, png, webp, avif; heic/heif when this sharp
 * build can decode it) belongs to the kind whose folder it is in (see shared/images.ts). The
 * source is cropped to the kind's aspect ratio (fit cover) and written as AVIF, WebP and JPEG for
 * every width of the kind:
 *
 *   images/services/framing.svg  ->  public/img/services/framing-{480,800,1200}.{avif,webp,jpg}
 *
 * A raster photo wins over an SVG with the same name: drop images/services/framing.jpg next to
 * framing.svg to replace the placeholder artwork. Raster photos are never upscaled: when a photo
 * is smaller than a width, that file holds the largest crop the photo allows.
 *
 * The logo (images/brand/logo.svg) is copied to public/img/brand/logo.svg and rendered as
 * public/img/brand/logo-512.png plus the favicons and app icons in public/.
 *
 * A cache (public/img/.cache.json: source path -> content hash + pipeline version + outputs)
 * skips unchanged sources and deletes the outputs of removed ones.
 *
 * Also exports renderShareImage(): the branded 1200x630 share (Open Graph) image of a page.
 *
 * CLI: npx tsx scripts/images.ts [--force]
 */
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Font, Glyph } from 'opentype.js';
import sharp from 'sharp';
import { business } from '../shared/content/business';
import { imageKindFolders, imageKinds, shareImageSize, type ImageKind } from '../shared/images';

const defaultRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Bump when the rendering changes in a way that should re-render every source. */
const PIPELINE_REVISION = 1;

const encoders = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 72, effort: 4 },
  jpg: { quality: 75, mozjpeg: true, progressive: true },
} as const;

/** Part of every cache entry: changes of the kinds or encoder settings invalidate the cache. */
const pipelineVersion = createHash('sha256')
  .update(JSON.stringify({ PIPELINE_REVISION, imageKinds, imageKindFolders, encoders, sharp: sharp.versions.vips }))
  .digest('hex')
  .slice(0, 12);

const CACHE_FILE = 'public/img/.cache.json';
const SHARE_CACHE_FILE = 'public/img/.share-cache.json';
const CONCURRENCY = 2;
/** Flatten colour for transparent sources (cream of the palette). */
const BACKGROUND = '#f6efe3';

const rasterExts = ['jpg', 'jpeg', 'png', 'webp', 'avif', 'heic', 'heif'] as const;

/** Whether this sharp build can decode HEIC (the prebuilt binaries only decode AVIF). */
const heicReadable = (() => {
  const suffixes: string[] =
    (sharp.format as unknown as Record<string, { input?: { fileSuffix?: string[] } }>).heif?.input?.fileSuffix ?? [];
  return suffixes.includes('.heic');
})();

// -------------------------------------------------------------------------------------------------
// Cache
// -------------------------------------------------------------------------------------------------

interface CacheEntry {
  hash: string;
  version: string;
  size: number;
  mtimeMs: number;
  /** Output files, relative to the project root (posix separators). */
  outputs: string[];
}

interface CacheFile {
  entries: Record<string, CacheEntry>;
}

function readJson<T>(file: string, fallback: T): T {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return fallback;
  }
}

function writeJsonAtomic(file: string, value: unknown) {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(value, null, 1)}\n`);
  renameSync(tmp, file);
}

const toPosix = (p: string) => p.split(path.sep).join('/');

// -------------------------------------------------------------------------------------------------
// Sources
// -------------------------------------------------------------------------------------------------

interface Job {
  /** Cache key: source path relative to the root, e.g. images/services/framing.svg. */
  key: string;
  abs: string;
  kind: ImageKind | 'brand';
  folder: string;
  name: string;
  ext: string;
  outputs: string[];
}

function outputsFor(kind: ImageKind, folder: string, name: string): string[] {
  const out: string[] = [];
  for (const w of imageKinds[kind].widths)
    for (const fmt of ['avif', 'webp', 'jpg']) out.push(`public/img/${folder}/${name}-${w}.${fmt}`);
  return out;
}

const brandOutputs = [
  'public/img/brand/logo.svg',
  'public/img/brand/logo-512.png',
  'public/favicon.svg',
  'public/favicon-32.png',
  'public/apple-touch-icon.png',
  'public/icon-192.png',
  'public/icon-512.png',
];

function collectJobs(root: string, warnings: string[]): Job[] {
  const jobs: Job[] = [];
  for (const kind of Object.keys(imageKinds) as ImageKind[]) {
    const folder = imageKindFolders[kind];
    const dir = path.join(root, 'images', folder);
    if (!existsSync(dir)) continue;
    const byName = new Map<string, string[]>();
    for (const file of readdirSync(dir)) {
      if (file.startsWith('.')) continue;
      const ext = path.extname(file).slice(1).toLowerCase();
      if (ext !== 'svg' && !(rasterExts as readonly string[]).includes(ext)) continue;
      if ((ext === 'heic' || ext === 'heif') && !heicReadable) {
        warnings.push(
          `images/${folder}/${file}: this sharp build cannot decode HEIC; export it as JPEG instead (skipped)`,
        );
        continue;
      }
      const name = path.basename(file, path.extname(file));
      if (!/^[a-z0-9][a-z0-9_-]*$/i.test(name))
        warnings.push(`images/${folder}/${file}: use letters, digits and dashes in image names (it becomes a URL)`);
      byName.set(name, [...(byName.get(name) ?? []), file]);
    }
    for (const [name, files] of [...byName].sort(([a], [b]) => a.localeCompare(b))) {
      // a raster photo replaces the SVG placeholder of the same name
      const rank = (f: string) => {
        const e = path.extname(f).slice(1).toLowerCase();
        const i = (rasterExts as readonly string[]).indexOf(e);
        return i === -1 ? 99 : i;
      };
      const chosen = [...files].sort((a, b) => rank(a) - rank(b))[0]!;
      jobs.push({
        key: `images/${folder}/${chosen}`,
        abs: path.join(dir, chosen),
        kind,
        folder,
        name,
        ext: path.extname(chosen).slice(1).toLowerCase(),
        outputs: outputsFor(kind, folder, name),
      });
    }
  }
  const logo = path.join(root, 'images/brand/logo.svg');
  if (existsSync(logo))
    jobs.push({
      key: 'images/brand/logo.svg',
      abs: logo,
      kind: 'brand',
      folder: 'brand',
      name: 'logo',
      ext: 'svg',
      outputs: brandOutputs,
    });
  return jobs;
}

// -------------------------------------------------------------------------------------------------
// Rendering
// -------------------------------------------------------------------------------------------------

async function writeFormats(master: sharp.Sharp, base: string) {
  await Promise.all([
    master.clone().avif(encoders.avif).toFile(`${base}.avif`),
    master.clone().webp(encoders.webp).toFile(`${base}.webp`),
    master.clone().jpeg(encoders.jpg).toFile(`${base}.jpg`),
  ]);
}

async function renderKindImage(root: string, job: Job & { kind: ImageKind }, input: Buffer, warnings: string[]) {
  const spec = imageKinds[job.kind];
  const ratio = spec.width / spec.height;
  const maxW = Math.max(...spec.widths);
  const maxH = Math.round(maxW / ratio);
  let master: { data: Buffer; info: sharp.OutputInfo };
  if (job.ext === 'svg') {
    const meta = await sharp(input).metadata();
    const sw = meta.width ?? spec.width;
    const sh = meta.height ?? spec.height;
    // render the vector at the density that covers the largest width, then crop to the ratio
    const scale = Math.max(maxW / sw, maxH / sh);
    master = await sharp(input, { density: Math.min(72 * scale * 1.0001, 2400) })
      .resize(maxW, maxH, { fit: 'cover', position: 'centre' })
      .flatten({ background: BACKGROUND })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } else {
    const oriented = sharp(input, { failOn: 'none' }).rotate();
    const meta = await sharp(input, { failOn: 'none' }).metadata();
    const swap = (meta.orientation ?? 1) >= 5;
    const sw = (swap ? meta.height : meta.width) ?? maxW;
    const sh = (swap ? meta.width : meta.height) ?? maxH;
    const cropW = Math.min(sw, Math.floor(sh * ratio));
    const tw = Math.min(maxW, cropW);
    const th = Math.max(1, Math.round(tw / ratio));
    if (tw < maxW)
      warnings.push(
        `${job.key}: ${sw}x${sh} is smaller than ${maxW}x${maxH}; larger widths are capped at ${tw}px (use a bigger photo)`,
      );
    master = await oriented
      .resize(tw, th, { fit: 'cover', position: sharp.strategy.attention })
      .flatten({ background: BACKGROUND })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  }
  const { data, info } = master;
  mkdirSync(path.join(root, 'public/img', job.folder), { recursive: true });
  for (const w of spec.widths) {
    const ww = Math.min(w, info.width);
    const hh = Math.max(1, Math.round(ww / ratio));
    const img = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const sized =
      ww === info.width && hh === info.height ? img : img.resize(ww, hh, { fit: 'cover', position: 'centre' });
    await writeFormats(sized, path.join(root, 'public/img', job.folder, `${job.name}-${w}`));
  }
}

async function renderBrand(root: string, input: Buffer) {
  const meta = await sharp(input).metadata();
  const size = Math.max(meta.width ?? 64, meta.height ?? 64);
  const png = (px: number) =>
    sharp(input, { density: (72 * px * 1.0001) / size })
      .resize(px, px, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png();
  /** The mark on an opaque cream square with padding (home-screen icons cannot be transparent). */
  const padded = async (px: number, pad: number) => {
    const inner = Math.round(px * (1 - 2 * pad));
    const mark = await png(inner).toBuffer();
    const flat = await sharp({ create: { width: px, height: px, channels: 3, background: BACKGROUND } })
      .composite([{ input: mark, left: Math.round((px - inner) / 2), top: Math.round((px - inner) / 2) }])
      .png()
      .toBuffer();
    return sharp(flat).removeAlpha().png();
  };
  mkdirSync(path.join(root, 'public/img/brand'), { recursive: true });
  copyFileSync(path.join(root, 'images/brand/logo.svg'), path.join(root, 'public/img/brand/logo.svg'));
  copyFileSync(path.join(root, 'images/brand/logo.svg'), path.join(root, 'public/favicon.svg'));
  await Promise.all([
    png(512).toFile(path.join(root, 'public/img/brand/logo-512.png')),
    png(32).toFile(path.join(root, 'public/favicon-32.png')),
    padded(180, 0.1).then((s) => s.toFile(path.join(root, 'public/apple-touch-icon.png'))),
    padded(192, 0.12).then((s) => s.toFile(path.join(root, 'public/icon-192.png'))),
    padded(512, 0.12).then((s) => s.toFile(path.join(root, 'public/icon-512.png'))),
  ]);
}

async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

// -------------------------------------------------------------------------------------------------
// buildImages
// -------------------------------------------------------------------------------------------------

export interface BuildImagesOptions {
  /** Project root (default: the repository root). */
  root?: string;
  /** Ignore the cache and render everything. */
  force?: boolean;
  /** Do not print the summary line. */
  quiet?: boolean;
  /** Parallel sources (default 2). */
  concurrency?: number;
}

export interface BuildImagesResult {
  sources: number;
  rendered: number;
  cached: number;
  removed: number;
  warnings: string[];
  errors: string[];
  ms: number;
}

export async function buildImages(options: BuildImagesOptions = {}): Promise<BuildImagesResult> {
  const t0 = performance.now();
  const root = options.root ?? defaultRoot;
  const cacheFile = path.join(root, CACHE_FILE);
  const cache = readJson<CacheFile>(cacheFile, { entries: {} });
  if (!cache.entries || typeof cache.entries !== 'object') cache.entries = {};
  let dirty = false;
  const warnings: string[] = [];
  const errors: string[] = [];
  const jobs = collectJobs(root, warnings);

  const toRender: Array<{ job: Job; hash: string; size: number; mtimeMs: number }> = [];
  let cached = 0;
  for (const job of jobs) {
    const st = statSync(job.abs);
    const prev = cache.entries[job.key];
    let hash: string;
    if (prev && prev.size === st.size && prev.mtimeMs === st.mtimeMs) hash = prev.hash;
    else hash = createHash('sha256').update(readFileSync(job.abs)).digest('hex');
    const fresh =
      !options.force &&
      prev !== undefined &&
      prev.hash === hash &&
      prev.version === pipelineVersion &&
      prev.outputs.length === job.outputs.length &&
      job.outputs.every((o) => existsSync(path.join(root, o)));
    if (fresh) {
      cached++;
      if (prev.mtimeMs !== st.mtimeMs || prev.size !== st.size) {
        cache.entries[job.key] = { ...prev, mtimeMs: st.mtimeMs, size: st.size };
        dirty = true;
      }
    } else {
      toRender.push({ job, hash, size: st.size, mtimeMs: st.mtimeMs });
    }
  }

  // outputs of sources that are gone (or replaced, e.g. framing.svg -> framing.jpg)
  const active = new Set(jobs.map((j) => j.key));
  const activeOutputs = new Set(jobs.flatMap((j) => j.outputs));
  let removed = 0;
  for (const [key, entry] of Object.entries(cache.entries)) {
    if (active.has(key)) continue;
    for (const o of entry.outputs) if (!activeOutputs.has(o)) rmSync(path.join(root, o), { force: true });
    delete cache.entries[key];
    removed++;
    dirty = true;
  }

  await pool(toRender, options.concurrency ?? CONCURRENCY, async ({ job, hash, size, mtimeMs }) => {
    try {
      const input = readFileSync(job.abs);
      if (job.kind === 'brand') await renderBrand(root, input);
      else await renderKindImage(root, job as Job & { kind: ImageKind }, input, warnings);
      const prev = cache.entries[job.key];
      if (prev) for (const o of prev.outputs) if (!job.outputs.includes(o)) rmSync(path.join(root, o), { force: true });
      cache.entries[job.key] = { hash, version: pipelineVersion, size, mtimeMs, outputs: job.outputs };
      dirty = true;
    } catch (err) {
      errors.push(`${job.key}: ${(err as Error).message}`);
    }
  });

  if (dirty)
    writeJsonAtomic(cacheFile, {
      entries: Object.fromEntries(Object.entries(cache.entries).sort(([a], [b]) => a.localeCompare(b))),
    });

  const ms = performance.now() - t0;
  const result: BuildImagesResult = {
    sources: jobs.length,
    rendered: toRender.length - errors.length,
    cached,
    removed,
    warnings,
    errors,
    ms,
  };
  if (!options.quiet) {
    for (const w of warnings) console.warn(`images: warning: ${w}`);
    for (const e of errors) console.error(`images: error: ${e}`);
    console.log(
      `images: ${result.sources} sources, ${result.rendered} rendered, ${cached} cached${removed ? `, ${removed} removed` : ''} in ${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`,
    );
  }
  return result;
}

// -------------------------------------------------------------------------------------------------
// Share images (Open Graph / Twitter cards)
// -------------------------------------------------------------------------------------------------

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

export const defaultShareSubtitle = `${business.name} · ${business.homeTown}, ${business.region} · ${business.phoneDisplay}`;

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

/** True when the share image must be (re-)rendered: missing file, or a different title/subtitle. */
export function shareImageNeedsUpdate(input: ShareImageInput): boolean {
  const { root, abs, rel, hash } = shareKey(input);
  return !existsSync(abs) || loadShareCache(root).data[rel] !== hash;
}

const fonts = new Map<string, Font>();
/** opentype.js is loaded on first use only, so image builds without share images start faster. */
async function loadFont(root: string, weight: 400 | 700): Promise<Font> {
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

/**
 * Lays out one line glyph by glyph (with kerning). opentype.js's own text shaping trips over the
 * ccmp lookups of Roboto Slab ("substFormat 2 is not yet supported"), and Latin titles need none.
 */
function layoutLine(font: Font, text: string, x: number, y: number, size: number): { d: string; width: number } {
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

const textWidth = (font: Font, text: string, size: number) => layoutLine(font, text, 0, 0, size).width;

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

function fitTitle(font: Font, title: string, maxWidth: number): { lines: string[]; size: number } {
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
export async function shareImageSvg(
  title: string,
  subtitle: string = defaultShareSubtitle,
  root = defaultRoot,
): Promise<string> {
  const { width: W, height: H } = shareImageSize;
  const bold = await loadFont(root, 700);
  const regular = await loadFont(root, 400);
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
 * title/subtitle was rendered to the same file before (see shareImageNeedsUpdate).
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

// -------------------------------------------------------------------------------------------------
// CLI
// -------------------------------------------------------------------------------------------------

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const force = process.argv.includes('--force');
  buildImages({ force })
    .then((r) => {
      if (r.errors.length) process.exitCode = 1;
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    });
}

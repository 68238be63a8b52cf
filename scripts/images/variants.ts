/**
 * Rendering: each source cropped to its kind's shape and written as AVIF, WebP and JPEG for every
 * width of the kind; the logo as PNGs, favicons and app icons.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { imageEncoders, imageKindFolders, imageKinds, type ImageKind } from '../../shared/images';
import type { Job } from './sources';

/** Bump when the rendering changes in a way that should re-render every source. */
const PIPELINE_REVISION = 1;

const encoders = imageEncoders;

/** Part of every cache entry: changes of the kinds or encoder settings invalidate the cache. */
export const pipelineVersion = createHash('sha256')
  .update(JSON.stringify({ PIPELINE_REVISION, imageKinds, imageKindFolders, encoders, sharp: sharp.versions.vips }))
  .digest('hex')
  .slice(0, 12);

/** Flatten colour for transparent sources (cream of the palette). */
const BACKGROUND = '#f6efe3';

async function writeFormats(master: sharp.Sharp, base: string) {
  await Promise.all([
    master.clone().avif(encoders.avif).toFile(`${base}.avif`),
    master.clone().webp(encoders.webp).toFile(`${base}.webp`),
    master.clone().jpeg(encoders.jpg).toFile(`${base}.jpg`),
  ]);
}

export async function renderKindImage(root: string, job: Job & { kind: ImageKind }, input: Buffer, warnings: string[]) {
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

export async function renderBrand(root: string, input: Buffer) {
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

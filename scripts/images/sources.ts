/**
 * Which source files in images/ the pipeline renders, and which files each one produces.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { imageKinds, type ImageKind } from '../../shared/images';
import { imageSources } from './catalog';

/** Whether this sharp build can decode HEIC (the prebuilt binaries only decode AVIF). */
const heicReadable = (() => {
  const suffixes: string[] =
    (sharp.format as unknown as Record<string, { input?: { fileSuffix?: string[] } }>).heif?.input?.fileSuffix ?? [];
  return suffixes.includes('.heic');
})();

export interface Job {
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

export function collectJobs(root: string, warnings: string[]): Job[] {
  const jobs: Job[] = [];
  for (const source of imageSources(root)) {
    const { kind, folder, base: name } = source;
    const files = source.files.filter((file) => {
      const ext = path.extname(file).slice(1).toLowerCase();
      if ((ext === 'heic' || ext === 'heif') && !heicReadable) {
        warnings.push(
          `images/${folder}/${file}: this sharp build cannot decode HEIC; export it as JPEG instead (skipped)`,
        );
        return false;
      }
      return true;
    });
    if (!/^[a-z0-9][a-z0-9_-]*$/i.test(name))
      warnings.push(
        `images/${folder}/${source.files[0]}: use letters, digits and dashes in image names (it becomes a URL)`,
      );
    // A raster photo replaces the SVG placeholder of the same name (the catalog lists it first).
    const chosen = files[0];
    if (!chosen) continue;
    jobs.push({
      key: `images/${folder}/${chosen}`,
      abs: path.join(root, 'images', folder, chosen),
      kind,
      folder,
      name,
      ext: path.extname(chosen).slice(1).toLowerCase(),
      outputs: outputsFor(kind, folder, name),
    });
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

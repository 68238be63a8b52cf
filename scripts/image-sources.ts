import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { imageKindFolders, type ImageKind } from '../shared/images.ts';

/**
 * Which pictures in images/ are real photos and which are still the drawn placeholder artwork
 * (committed SVG files). A raster file (JPEG, PNG, WebP, AVIF, HEIC) beside or instead
 * of the SVG of the same name is a photo; an SVG on its own is a drawing. Read by the launch
 * check, and by the Vite config so that page copy can say "photo" only where there is one.
 * File names only: no image is opened, so this stays fast enough for every Vite start.
 */
const photoExtensions = ['jpg', 'jpeg', 'png', 'webp', 'avif', 'heic', 'heif'] as const;

export interface ImageSource {
  /** Image name as components use it, e.g. 'services/roofing'. */
  name: string;
  kind: ImageKind;
  /** The file the pipeline renders, relative to the project root, e.g. 'images/services/roofing.svg'. */
  file: string;
  isPhoto: boolean;
}

export function imageSources(root: string): ImageSource[] {
  const sources: ImageSource[] = [];
  for (const [kind, folder] of Object.entries(imageKindFolders) as [ImageKind, string][]) {
    const dir = path.join(root, 'images', folder);
    if (!existsSync(dir)) continue;
    const byName = new Map<string, string[]>();
    for (const file of readdirSync(dir)) {
      if (file.startsWith('.')) continue;
      const ext = path.extname(file).slice(1).toLowerCase();
      if (ext !== 'svg' && !(photoExtensions as readonly string[]).includes(ext)) continue;
      const base = path.basename(file, path.extname(file));
      byName.set(base, [...(byName.get(base) ?? []), file]);
    }
    for (const [base, files] of [...byName].sort(([a], [b]) => a.localeCompare(b))) {
      const photo = files.find((f) => !f.toLowerCase().endsWith('.svg'));
      sources.push({
        name: `${folder}/${base}`,
        kind,
        file: `images/${folder}/${photo ?? files[0]}`,
        isPhoto: photo !== undefined,
      });
    }
  }
  return sources;
}

/** Names of the pictures that are real photos, e.g. ['gallery/deck-rebuild-before']. */
export function photoNames(root: string): string[] {
  return imageSources(root)
    .filter((source) => source.isPhoto)
    .map((source) => source.name);
}

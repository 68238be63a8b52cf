import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { imageKindFolders, type ImageKind } from '../../shared/images.ts';

/**
 * The pictures in images/: for each name, its files, and whether it is a real photo or still the
 * drawn placeholder artwork (a committed SVG). A raster file (JPEG, PNG, WebP, AVIF, HEIC) beside
 * or instead of the SVG of the same name is a photo, and replaces the drawing. Read by the image
 * pipeline (sources.ts), the launch check, and the Vite config so that page copy can say "photo"
 * only where there is one. File names only: no image is opened, so this stays fast enough for
 * every Vite start.
 */
const photoExtensions = ['jpg', 'jpeg', 'png', 'webp', 'avif', 'heic', 'heif'] as const;

export interface ImageSource {
  /** Image name as components use it, e.g. 'services/roofing'. */
  name: string;
  kind: ImageKind;
  /** The folder under images/ and the file name without extension: 'services', 'roofing'. */
  folder: string;
  base: string;
  /** Its files, the one to use first: photos (in the order of `photoExtensions`), then the SVG. */
  files: string[];
  /** The file the pipeline renders, relative to the project root, e.g. 'images/services/roofing.svg'. */
  file: string;
  isPhoto: boolean;
}

const preference = (file: string) => {
  const index = (photoExtensions as readonly string[]).indexOf(path.extname(file).slice(1).toLowerCase());
  return index === -1 ? photoExtensions.length : index;
};

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
    for (const [base, unsorted] of [...byName].sort(([a], [b]) => a.localeCompare(b))) {
      const files = [...unsorted].sort((a, b) => preference(a) - preference(b) || a.localeCompare(b));
      sources.push({
        name: `${folder}/${base}`,
        kind,
        folder,
        base,
        files,
        file: `images/${folder}/${files[0]}`,
        isPhoto: !files[0]!.toLowerCase().endsWith('.svg'),
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

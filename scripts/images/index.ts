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
 * The parts: sources.ts (which files are rendered into which outputs), variants.ts (the
 * rendering), build-images.ts (the run and its cache), share-image.ts (the share
 * images), files.ts (the project root, JSON files).
 *
 * CLI: npx tsx scripts/images/index.ts [--force] (npm run images)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildImages } from './build-images';

export { buildImages } from './build-images';
export { renderShareImage, shareImageFile } from './share-image';

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

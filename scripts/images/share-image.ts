/**
 * The branded 1200x630 share (Open Graph) image of a page, cached by title and subtitle in
 * public/img/.share-cache.json.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { business } from '../../shared/content/business';
import { shareImageJpeg, shareImageSvg, shareSubtitle } from '../../server/services/text/page-share-image';
import { defaultRoot, readJson, toPosix, writeJsonAtomic } from './files';

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

const defaultShareSubtitle = shareSubtitle(business);

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

/**
 * Renders the branded 1200x630 share image of a page as JPEG. Skips the work when the same
 * title/subtitle (and logo) was rendered to the same file before.
 */
export async function renderShareImage(input: ShareImageInput): Promise<{ outFile: string; rendered: boolean }> {
  const { root, abs, rel, hash } = shareKey(input);
  const cacheState = loadShareCache(root);
  if (!input.force && existsSync(abs) && cacheState.data[rel] === hash) return { outFile: abs, rendered: false };
  const svg = await shareImageSvg(input.title, input.subtitle ?? defaultShareSubtitle, readLogo(root));
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, await shareImageJpeg(svg));
  // only remember files inside the project (e.g. not /tmp test renders)
  if (!rel.startsWith('..')) {
    cacheState.data[rel] = hash;
    writeJsonAtomic(cacheState.file, cacheState.data);
  }
  return { outFile: abs, rendered: true };
}

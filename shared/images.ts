/**
 * Image kinds of the site. Every source image in images/ belongs to a kind (by its folder); the
 * build crops it to the kind's aspect ratio and writes AVIF, WebP and JPEG at each width, so
 * components know width and height without reading any manifest.
 */
export const imageKinds = {
  hero: { width: 1600, height: 900, widths: [640, 1024, 1600] },
  service: { width: 1200, height: 900, widths: [480, 800, 1200] },
  gallery: { width: 1200, height: 900, widths: [480, 800, 1200] },
  portrait: { width: 800, height: 1000, widths: [400, 800] },
  qr: { width: 600, height: 600, widths: [300, 600] },
} as const satisfies Record<string, { width: number; height: number; widths: readonly number[] }>;

export type ImageKind = keyof typeof imageKinds;

export type ImageFormat = 'avif' | 'webp' | 'jpg';

/** Folder of images/ that holds each kind. */
export const imageKindFolders: Record<ImageKind, string> = {
  hero: 'hero',
  service: 'services',
  gallery: 'gallery',
  portrait: 'people',
  qr: 'qr',
};

/** Public URL of one rendition, e.g. imageUrl('services/framing', 800, 'webp'). */
export function imageUrl(name: string, width: number, format: ImageFormat): string {
  return `/img/${name}-${width}.${format}`;
}

/** Public URL of the share image (1200x630) for a page key such as 'home' or 'services-framing'. */
export function shareImageUrl(pageKey: string): string {
  return `/img/og/${pageKey}.jpg`;
}

export const shareImageSize = { width: 1200, height: 630 } as const;

/** The share-image key of a page path: '/' -> 'home', '/services/roofing' -> 'services-roofing'. */
export function shareImageKey(path: string): string {
  return path === '/' ? 'home' : path.slice(1).replaceAll('/', '-');
}

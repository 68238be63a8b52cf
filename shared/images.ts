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

/**
 * Public URL of the share image (1200x630) for a page key such as 'home' or 'services-framing';
 * `phoneTag`: the digits of the phone the owner saved (sharePhoneTag), whose image the server
 * draws (server/http/share-images.ts); none: the build's, with the default phone.
 */
export function shareImageUrl(pageKey: string, phoneTag?: string): string {
  return phoneTag ? `/img/og/${pageKey}.${phoneTag}.jpg` : `/img/og/${pageKey}.jpg`;
}

/** The phone's digits, as a share image's address names them: '+19284681234' -> '19284681234'. */
export const sharePhoneTag = (phoneE164: string) => phoneE164.replace(/\D/g, '');

export const shareImageSize = { width: 1200, height: 630 } as const;

/** The share-image key of a page path: '/' -> 'home', '/services/roofing' -> 'services-roofing'. */
export function shareImageKey(path: string): string {
  return path === '/' ? 'home' : path.slice(1).replaceAll('/', '-');
}

/** Encoder settings of every picture the site serves: the build's images and the owner's uploaded photos alike. */
export const imageEncoders = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 72, effort: 4 },
  jpg: { quality: 75, mozjpeg: true, progressive: true },
} as const;

/** Where the owner's uploaded photos are served: the site's own address, never the storage's. */
export const projectImagePrefix = '/img/projects/';

/** Public URL of one variant of an uploaded photo, e.g. /img/projects/<id>-800.webp. */
export function uploadedImageUrl(photoId: string, width: number, format: ImageFormat | 'png'): string {
  return `${projectImagePrefix}${photoId}-${width}.${format}`;
}

/** Public URL of a project's share image (1200x630, before and after side by side). */
export function projectShareImageUrl(beforeId: string, afterId: string): string {
  return `${projectImagePrefix}${beforeId}_${afterId}-share.jpg`;
}

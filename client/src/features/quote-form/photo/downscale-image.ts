import { maxPhotoBytes, photoContentTypes } from '@shared/schemas/quote-options';

/** Files under this size go up exactly as chosen: re-encoding a photo this small would only lose detail. */
export const DOWNSCALE_THRESHOLD_BYTES = 2 * 1024 * 1024;
/** The most the upload URL accepts. */
export const MAX_UPLOAD_BYTES = maxPhotoBytes;
/** Longest side of a downscaled photo: plenty to judge rotten trim or a tile job. */
const MAX_EDGE_PX = 2560;
const JPEG_QUALITY = 0.85;

/** What the visitor reads when a chosen file cannot be sent. */
export const photoRefusals = {
  notAnImage: 'Please choose a photo (JPG, PNG, WebP, HEIC or GIF).',
  tooLarge:
    'This photo is too large (over 15 MB) and could not be resized here. Please choose a smaller photo, or send it without one.',
} as const;

/** The toast that goes with each refusal (worded differently, so the text is not shown twice). */
export const photoRefusalToasts = {
  notAnImage: 'That file is not a photo we can attach.',
  tooLarge: 'That photo is too large to send.',
} as const satisfies Record<keyof typeof photoRefusals, string>;

type PreparedPhoto = { ok: true; file: File } | { ok: false; reason: keyof typeof photoRefusals };

const typesByExtension: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
  gif: 'image/gif',
};

/**
 * The file's content type. Some systems (Windows without the HEIF extension, some Android
 * pickers) leave `type` empty for photos; the extension tells us then.
 */
export function photoType(file: File): string {
  if (file.type) return file.type.toLowerCase();
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return typesByExtension[extension] ?? '';
}

function isUploadable(type: string): boolean {
  return (photoContentTypes as readonly string[]).includes(type);
}

/** Small photos of an accepted type go up unchanged; everything else is worth re-encoding. */
export function shouldDownscale(file: File): boolean {
  return file.size >= DOWNSCALE_THRESHOLD_BYTES || !isUploadable(photoType(file));
}

function withType(file: File, type: string): File {
  return file.type === type ? file : new File([file], file.name, { type, lastModified: file.lastModified });
}

/**
 * Decides what to upload for the file the visitor chose: the file itself, a downscaled JPEG, or
 * nothing (with the reason to show). `downscale` is injectable for tests; jsdom has no canvas.
 */
export async function preparePhoto(
  file: File,
  downscale: (file: File) => Promise<File> = downscaleImage,
): Promise<PreparedPhoto> {
  const type = photoType(file);
  if (!type.startsWith('image/')) return { ok: false, reason: 'notAnImage' };
  const original = withType(file, type);
  if (!shouldDownscale(original)) return { ok: true, file: original };

  let smaller: File | undefined;
  try {
    smaller = await downscale(original);
  } catch {
    // This browser cannot decode it (HEIC outside Safari, mostly); decided below.
  }
  if (!isUploadable(type)) {
    // e.g. BMP or TIFF: only a re-encoded copy can go up.
    return smaller && smaller.size <= MAX_UPLOAD_BYTES
      ? { ok: true, file: smaller }
      : { ok: false, reason: 'notAnImage' };
  }
  const best = smaller && smaller.size < original.size ? smaller : original;
  return best.size <= MAX_UPLOAD_BYTES ? { ok: true, file: best } : { ok: false, reason: 'tooLarge' };
}

/** Target size keeping the aspect ratio, longest side at most `maxEdge`, never enlarged. */
export function fitWithin(width: number, height: number, maxEdge = MAX_EDGE_PX): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Decodes the photo (honouring its EXIF orientation) and re-encodes it as a JPEG whose longest
 * side is at most 2560 px. Rejects when the browser cannot decode the file.
 */
async function downscaleImage(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const blob = await drawToJpeg(bitmap, width, height);
    const name = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;
    return new File([blob], name, { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}

async function drawToJpeg(bitmap: ImageBitmap, width: number, height: number): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    paint(canvas.getContext('2d'), bitmap, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  paint(canvas.getContext('2d'), bitmap, width, height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('Could not encode the photo'))),
      'image/jpeg',
      JPEG_QUALITY,
    );
  });
}

function paint(
  context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null,
  bitmap: ImageBitmap,
  width: number,
  height: number,
): void {
  if (!context) throw new Error('No 2D canvas');
  // JPEG has no transparency: a transparent PNG would otherwise turn black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
}

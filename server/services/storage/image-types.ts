// Kept instead of file-type: six formats in a few lines, and the HEIF brands mapped onto the accepted
// types (file-type names hevc and msf1 image sequences, which the upload would refuse, and knows no heim/heis).
import { photoContentTypes, type PhotoContentType } from '@shared/schemas/quote-request';

/** Bytes to read from the start of a file to recognise its image type. */
export const sniffLength = 32;

/** `image/JPEG; charset=x` -> `image/jpeg` when it is an accepted photo type, otherwise null. */
export function acceptedContentType(header: string | null | undefined): PhotoContentType | null {
  const type = (header ?? '').split(';')[0]!.trim().toLowerCase();
  return (photoContentTypes as readonly string[]).includes(type) ? (type as PhotoContentType) : null;
}

// ISO base media "ftyp" brands of HEIF still images (HEIC is HEIF with HEVC inside).
const heicBrands = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);
const heifBrands = new Set(['mif1', 'msf1']);

/**
 * The photo type the file's first bytes prove (magic numbers), or null for anything else. A file
 * that merely claims to be an image in its Content-Type is not enough.
 */
export function sniffImageType(head: Uint8Array): PhotoContentType | null {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  const ascii = (start: number, end: number) => bytes.toString('latin1', start, end);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (bytes.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'image/gif';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (bytes.length >= 12 && ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    if (heicBrands.has(brand)) return 'image/heic';
    if (heifBrands.has(brand)) return 'image/heif';
  }
  return null;
}

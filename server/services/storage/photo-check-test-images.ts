import sharp from 'sharp';
import { expect } from 'vitest';
import type { PhotoCheck } from './photo-check';

/**
 * What the tests of cleanPhoto share (photo-check.test.ts, JPEG, PNG, WebP and GIF;
 * photo-check-heif.test.ts, HEIC and HEIF): HTML to hide in an image, solid test images, EXIF
 * that gives the camera and a position away, big-endian integers to build files byte by byte, and
 * the check of a refusal.
 */

export const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');

export function solid(width: number, height: number, background: string) {
  return sharp({ create: { width, height, channels: 3, background } });
}

/** EXIF with a camera make and a GPS position (IFD3) whose datum is easy to search for. */
export const exif = {
  IFD0: { Make: 'TestCam', Software: 'TestCam firmware' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '34/1 13/1 5123/100', GPSMapDatum: 'WGS-84' },
};

export function expectRefused(result: PhotoCheck, reason: RegExp) {
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.reason).toMatch(reason);
}

export function u16(value: number): Buffer {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value);
  return bytes;
}

export function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}

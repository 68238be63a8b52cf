import { describe, expect, it, vi } from 'vitest';
import {
  DOWNSCALE_THRESHOLD_BYTES,
  MAX_UPLOAD_BYTES,
  fitWithin,
  photoType,
  preparePhoto,
  shouldDownscale,
} from './downscale-image';

const MB = 1024 * 1024;

/** A file that reports `size` without holding that many bytes. */
function fakeFile(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const jpegOf = (size: number) => fakeFile('photo.jpg', 'image/jpeg', size);

describe('preparePhoto', () => {
  it('uploads photos under 2 MB unchanged, without decoding them', async () => {
    const downscale = vi.fn();
    const file = fakeFile('deck.png', 'image/png', DOWNSCALE_THRESHOLD_BYTES - 1);
    await expect(preparePhoto(file, downscale)).resolves.toEqual({ ok: true, file });
    expect(downscale).not.toHaveBeenCalled();
  });

  it('downscales photos of 2 MB and more', async () => {
    const smaller = jpegOf(900_000);
    const downscale = vi.fn().mockResolvedValue(smaller);
    const file = fakeFile('IMG_1234.jpg', 'image/jpeg', 10 * MB);
    await expect(preparePhoto(file, downscale)).resolves.toEqual({ ok: true, file: smaller });
    expect(downscale).toHaveBeenCalledWith(file);
  });

  it('keeps the original when re-encoding would not make it smaller', async () => {
    const file = fakeFile('scan.jpg', 'image/jpeg', 3 * MB);
    const result = await preparePhoto(file, vi.fn().mockResolvedValue(jpegOf(4 * MB)));
    expect(result).toEqual({ ok: true, file });
  });

  it('uploads an undecodable photo of up to 15 MB unchanged (HEIC outside Safari)', async () => {
    const file = fakeFile('IMG_0001.HEIC', 'image/heic', MAX_UPLOAD_BYTES);
    const result = await preparePhoto(
      file,
      vi.fn().mockRejectedValue(new DOMException('no decoder', 'InvalidStateError')),
    );
    expect(result).toEqual({ ok: true, file });
  });

  it('refuses an undecodable photo over 15 MB', async () => {
    const file = fakeFile('IMG_0002.heic', 'image/heic', MAX_UPLOAD_BYTES + 1);
    const result = await preparePhoto(file, vi.fn().mockRejectedValue(new Error('no decoder')));
    expect(result).toEqual({ ok: false, reason: 'tooLarge' });
  });

  it('refuses files that are not images', async () => {
    const downscale = vi.fn();
    await expect(preparePhoto(fakeFile('estimate.pdf', 'application/pdf', 1000), downscale)).resolves.toEqual({
      ok: false,
      reason: 'notAnImage',
    });
    await expect(preparePhoto(fakeFile('notes', '', 1000), downscale)).resolves.toEqual({
      ok: false,
      reason: 'notAnImage',
    });
    expect(downscale).not.toHaveBeenCalled();
  });

  it('re-encodes image types the upload does not take, and refuses them when that fails', async () => {
    const converted = jpegOf(200_000);
    const bmp = fakeFile('porch.bmp', 'image/bmp', 500_000);
    await expect(preparePhoto(bmp, vi.fn().mockResolvedValue(converted))).resolves.toEqual({
      ok: true,
      file: converted,
    });
    await expect(preparePhoto(bmp, vi.fn().mockRejectedValue(new Error('no')))).resolves.toEqual({
      ok: false,
      reason: 'notAnImage',
    });
  });

  it('fills in the content type from the extension when the browser left it empty', async () => {
    const result = await preparePhoto(fakeFile('IMG_0003.HEIC', '', 1000), vi.fn());
    expect(result.ok && result.file.type).toBe('image/heic');
    expect(result.ok && result.file.name).toBe('IMG_0003.HEIC');
  });
});

describe('helpers', () => {
  it('photoType prefers the browser type and falls back to the extension', () => {
    expect(photoType(fakeFile('a.png', 'image/PNG', 1))).toBe('image/png');
    expect(photoType(fakeFile('a.jpeg', '', 1))).toBe('image/jpeg');
    expect(photoType(fakeFile('a.txt', '', 1))).toBe('');
  });

  it('shouldDownscale starts at exactly 2 MB', () => {
    expect(shouldDownscale(jpegOf(DOWNSCALE_THRESHOLD_BYTES - 1))).toBe(false);
    expect(shouldDownscale(jpegOf(DOWNSCALE_THRESHOLD_BYTES))).toBe(true);
  });

  it('fitWithin keeps the aspect ratio with the longest side at most 2560 px and never enlarges', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 2560, height: 1920 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1920, height: 2560 });
    expect(fitWithin(1200, 800)).toEqual({ width: 1200, height: 800 });
  });
});

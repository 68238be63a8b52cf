import { describe, expect, it } from 'vitest';
import { photos } from '../../test/http';
import { acceptedContentType, sniffImageType } from './image-types';

describe('acceptedContentType', () => {
  it('normalises the header and accepts only the six photo types', () => {
    expect(acceptedContentType('image/jpeg')).toBe('image/jpeg');
    expect(acceptedContentType(' Image/PNG ; charset=binary')).toBe('image/png');
    expect(acceptedContentType('image/heif')).toBe('image/heif');
    for (const refused of [
      'image/svg+xml',
      'image/jpg',
      'text/html',
      'application/octet-stream',
      '',
      undefined,
      null,
    ]) {
      expect(acceptedContentType(refused)).toBeNull();
    }
  });
});

describe('sniffImageType', () => {
  it('recognises each accepted format by its magic bytes', () => {
    expect(sniffImageType(photos.jpeg)).toBe('image/jpeg');
    expect(sniffImageType(photos.png)).toBe('image/png');
    expect(sniffImageType(photos.gif)).toBe('image/gif');
    expect(sniffImageType(Buffer.from('GIF87a'))).toBe('image/gif');
    expect(sniffImageType(photos.webp)).toBe('image/webp');
    expect(sniffImageType(photos.heic)).toBe('image/heic');
    expect(sniffImageType(Buffer.from('\0\0\0\x18ftypmif1', 'latin1'))).toBe('image/heif');
  });

  it('refuses everything else, including truncated headers', () => {
    for (const bytes of [
      photos.fake,
      Buffer.alloc(0),
      Buffer.from([0xff, 0xd8]),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('RIFF\0\0\0\0WAVE', 'latin1'),
      Buffer.from('\0\0\0\x18ftypisom', 'latin1'),
      Buffer.from('%PDF-1.7'),
    ]) {
      expect(sniffImageType(bytes)).toBeNull();
    }
  });
});

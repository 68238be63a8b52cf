import sharp, { type Sharp } from 'sharp';
import type { PhotoContentType } from '@shared/schemas/quote-request';
import { cleanHeif } from './heif-metadata';
import { sniffImageType, sniffLength } from './image-types';

// On a 512 MB server: no cache of decoded images between photos (libvips keeps up to 50 MB by
// default) and one libvips thread per image, so a 12-megapixel photo costs one decode at a time.
// Photos take somewhat longer; pages and API answers do not wait on them. The project photos'
// pipeline (projects/project-photos.ts) imports this module, so it runs with the same settings.
sharp.cache(false);
sharp.concurrency(1);

/** Most pixels (all frames together) a photo may decode to: 50 MP, a 12 MP phone photo four times over. */
export const maxPhotoPixels = 50_000_000;

export type PhotoCheck = { ok: true; content: Buffer; contentType: PhotoContentType } | { ok: false; reason: string };

/** Gives up on an image that takes this long to decode and encode (normal photos take well under 2 s). */
const timeoutSeconds = 30;

/**
 * Proves `input` is a complete photo of the type it claims and returns it without its metadata.
 * sharp does the proving: the photo must decode completely (a file that only starts like an image,
 * a truncated one or one of too many pixels is refused), and it is re-encoded in the same format,
 * turned upright by its EXIF orientation, without EXIF/XMP/IPTC (GPS included). Decoders stop at
 * the format's end and ignore what follows, so a short look at the file's framing adds what they
 * cannot tell: PNG, WebP and GIF must end exactly where their format ends (no appended HTML: a
 * polyglot), and a file with nothing but the picture in it is kept byte for byte. HEIC/HEIF, which
 * this sharp build cannot decode, is checked box by box (heif-metadata.ts). The returned type is
 * the one the bytes prove (image/heic and image/heif count as one claim). `reason` is for logs only.
 */
export async function cleanPhoto(input: Buffer, claimedType: PhotoContentType): Promise<PhotoCheck> {
  const type = sniffImageType(input.subarray(0, sniffLength));
  if (type === null) return refuse('not a JPEG, PNG, WebP, HEIC or GIF file');
  if (family(type) !== family(claimedType)) return refuse(`content is ${type}, claimed ${claimedType}`);

  if (type === 'image/heic' || type === 'image/heif') {
    const cleaned = cleanHeif(input);
    return typeof cleaned === 'string' ? refuse(cleaned) : { ok: true, content: cleaned, contentType: type };
  }

  const framing = framingOf[type](input);
  if (typeof framing === 'string') return refuse(framing);
  try {
    return { ok: true, content: await reencode(input, type, framing), contentType: type };
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0]!.trim() : String(error);
    return refuse(/pixel limit/i.test(message) ? `more than ${maxPhotoPixels} pixels` : `does not decode: ${message}`);
  }
}

function refuse(reason: string): PhotoCheck {
  return { ok: false, reason };
}

function family(type: PhotoContentType): string {
  return type === 'image/heif' ? 'image/heic' : type;
}

type RasterType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';
/**
 * What re-encoding needs to know from the file's framing, or why the file is refused.
 * `plain`: the file holds the picture and its colour data only (no EXIF, XMP, comments, text
 * chunks...) and nothing after its end, so it can be kept exactly as it came.
 */
type Framing = { lossless: boolean; plain: boolean } | string;

/** EXIF (GPS, camera, time), XMP, IPTC, Photoshop data, text comments, or a rotation to apply. */
function carriesMetadata(metadata: sharp.Metadata): boolean {
  return Boolean(
    metadata.exif ||
    metadata.xmp ||
    metadata.iptc ||
    metadata.tifftagPhotoshop ||
    metadata.comments?.length ||
    (metadata.orientation !== undefined && metadata.orientation !== 1),
  );
}

async function reencode(
  input: Buffer,
  type: RasterType,
  framing: { lossless: boolean; plain: boolean },
): Promise<Buffer> {
  const options = { failOn: 'error', limitInputPixels: maxPhotoPixels } as const;
  const animatable = type === 'image/gif' || type === 'image/webp';
  // Only the header is read here: cheap, and it tells whether there are frames to keep.
  const metadata = await sharp(input, options).metadata();
  const { pages = 1, isPalette } = metadata;
  const animated = animatable && pages > 1;
  if (framing.plain && !carriesMetadata(metadata)) {
    // Already clean (e.g. the form's own downscaled JPEG): prove it decodes completely, then keep
    // the original bytes rather than lose quality to a second compression.
    await sharp(input, { ...options, animated })
      .timeout({ seconds: timeoutSeconds })
      .raw()
      .toBuffer();
    return input;
  }
  let image = sharp(input, { ...options, animated }).timeout({ seconds: timeoutSeconds });
  // libvips cannot rotate multi-page images, and animations practically never carry an orientation.
  if (!animated) image = image.rotate();
  // The colour profile is no privacy risk, and without it wide-gamut (Display P3) photos look dull.
  image = image.keepIccProfile();
  return encoders[type](image, { lossless: framing.lossless, palette: isPalette }).toBuffer();
}

const encoders: Record<RasterType, (image: Sharp, source: { lossless: boolean; palette: boolean }) => Sharp> = {
  // mozjpeg's trellis quantisation makes files ~20% smaller but takes ~6x as long (2.5 s for 12 MP).
  'image/jpeg': (image) => image.jpeg({ quality: 90, mozjpeg: false }),
  // A palette PNG re-encoded in full colour would double in size.
  'image/png': (image, { palette }) => image.png({ palette }),
  // Default efforts take 2.5 s (lossy) and 3.5 s (lossless) for 12 MP here; these take 1 s and 0.7 s.
  'image/webp': (image, { lossless }) =>
    image.webp(lossless ? { lossless: true, effort: 0 } : { quality: 90, effort: 2 }),
  'image/gif': (image) => image.gif(),
};

/**
 * Where each format ends and what it carries besides the picture; whether the bytes are a valid
 * image is sharp's to say. Decoders stop at the end marker and ignore whatever follows, which is
 * how an image with HTML appended still "decodes".
 */
const framingOf: Record<RasterType, (bytes: Buffer) => Framing> = {
  // NOTE: phones append data after the main picture's EOI (HDR gain maps, the video of a Motion
  // Photo, Samsung's trailer). It is allowed here because it cannot survive: such a file is
  // re-encoded from its decoded pixels, so nothing after the EOI is ever stored or served.
  'image/jpeg': (bytes) => ({ lossless: false, plain: jpegIsPlain(bytes) }),
  'image/png': pngFraming,
  'image/gif': gifFraming,
  'image/webp': webpFraming,
};

const eoi = Buffer.from([0xff, 0xd9]);

/**
 * JFIF (APP0), ICC profile (APP2) and Adobe colour (APP14) segments only (no EXIF, XMP, IPTC or
 * comment), and the first end marker after the picture data is the file's end. Picture data
 * never holds the end marker's bytes (a 0xFF there is followed by 0x00 or a restart marker).
 */
function jpegIsPlain(bytes: Buffer): boolean {
  const plainMarkers = new Set([0xe0, 0xe2, 0xee]);
  for (let offset = 2; offset + 4 <= bytes.length;) {
    const marker = bytes[offset + 1]!;
    // Start of the picture data: the header is done.
    if (marker === 0xda) return bytes.indexOf(eoi, offset) === bytes.length - 2;
    if ((marker >= 0xe0 && marker <= 0xef && !plainMarkers.has(marker)) || marker === 0xfe) return false;
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return false;
}

/** Chunks of the picture and its colour; anything else (text, EXIF, time...) is metadata. */
const plainPngChunks = new Set(
  'IHDR PLTE IDAT IEND tRNS gAMA cHRM sRGB iCCP sBIT bKGD pHYs hIST acTL fcTL fdAT'.split(' '),
);

function pngFraming(bytes: Buffer): Framing {
  let plain = true;
  for (let offset = 8; offset + 12 <= bytes.length;) {
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    plain &&= plainPngChunks.has(type);
    offset += 12 + bytes.readUInt32BE(offset);
    if (type === 'IEND') return offset === bytes.length ? { lossless: true, plain } : 'data after the PNG end (IEND)';
  }
  return 'PNG is truncated';
}

function gifFraming(bytes: Buffer): Framing {
  const colorTable = (flags = 0) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  /** Offset after the data sub-blocks starting at `offset`, which end with a 0 length. */
  const skipSubBlocks = (offset: number) => {
    while (bytes[offset]) offset += 1 + bytes[offset]!;
    return offset + 1;
  };
  let offset = 13 + colorTable(bytes[10]);
  let plain = true;
  while (offset < bytes.length) {
    const block = bytes[offset];
    if (block === 0x3b) return offset + 1 === bytes.length ? { lossless: true, plain } : 'data after the GIF trailer';
    if (block === 0x21) {
      // Graphic control and the looping block of animations are the picture; comments, plain
      // text and other applications' blocks are not.
      const label = bytes[offset + 1];
      const application = bytes.toString('latin1', offset + 3, offset + 14);
      plain &&= label === 0xf9 || (label === 0xff && /^(NETSCAPE2\.0|ANIMEXTS1\.0)$/.test(application));
      offset = skipSubBlocks(offset + 2);
    } else if (block === 0x2c) {
      // Image descriptor (10 bytes), local colour table, LZW code size, then the image data.
      offset = skipSubBlocks(offset + 10 + colorTable(bytes[offset + 9]) + 1);
    } else {
      return 'invalid GIF block';
    }
  }
  return 'GIF is truncated';
}

function webpFraming(bytes: Buffer): Framing {
  if (bytes.readUInt32LE(4) + 8 !== bytes.length) return 'WebP size does not match the file (data appended or cut off)';
  const chunks = new Set<string>();
  for (let offset = 12; offset < bytes.length;) {
    if (offset + 8 > bytes.length) return 'WebP is truncated';
    const size = bytes.readUInt32LE(offset + 4);
    chunks.add(bytes.toString('latin1', offset, offset + 4));
    offset += 8 + size + (size % 2); // chunks are padded to an even size
    if (offset > bytes.length) return 'WebP is truncated';
  }
  // Lossless stays lossless (screenshots, drawings); lossy photos are re-encoded at quality 90.
  return {
    lossless: chunks.has('VP8L') && !chunks.has('VP8 ') && !chunks.has('ANIM'),
    plain: [...chunks].every((chunk) => ['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP'].includes(chunk)),
  };
}

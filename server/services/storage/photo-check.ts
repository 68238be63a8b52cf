import sharp, { type Sharp } from 'sharp';
import type { PhotoContentType } from '@shared/schemas/quote-request';
import { sniffImageType, sniffLength } from './image-types';

/** Most pixels (all frames together) a photo may decode to: 50 MP, a 12 MP phone photo four times over. */
export const maxPhotoPixels = 50_000_000;

export type PhotoCheck = { ok: true; content: Buffer; contentType: PhotoContentType } | { ok: false; reason: string };

/** Gives up on an image that takes this long to decode and encode (normal photos take well under 2 s). */
const timeoutSeconds = 30;

/**
 * Proves `input` is a complete photo of the type it claims and returns it without its metadata.
 * PNG, WebP and GIF must end exactly where their format ends (no appended HTML: a polyglot), a
 * JPEG's main picture must be complete (phones append gain maps and videos after it), and all
 * must decode completely; they are re-encoded in the same format, turned upright by their EXIF
 * orientation, without EXIF/XMP/IPTC (GPS included). This sharp build cannot decode HEVC, so
 * HEIC/HEIF is checked box by box and its Exif and XMP items are overwritten with zeros in place.
 * The returned type is the one the bytes prove (image/heic and image/heif count as one claim).
 * `reason` is for logs only.
 */
export async function cleanPhoto(input: Buffer, claimedType: PhotoContentType): Promise<PhotoCheck> {
  const type = sniffImageType(input.subarray(0, sniffLength));
  if (type === null) return refuse('not a JPEG, PNG, WebP, HEIC or GIF file');
  if (family(type) !== family(claimedType)) return refuse(`content is ${type}, claimed ${claimedType}`);

  if (type === 'image/heic' || type === 'image/heif') {
    const cleaned = cleanHeif(input);
    return typeof cleaned === 'string' ? refuse(cleaned) : { ok: true, content: cleaned, contentType: type };
  }

  const structure = checkStructure[type](input);
  if (typeof structure === 'string') return refuse(structure);
  try {
    return { ok: true, content: await reencode(input, type, structure), contentType: type };
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
 * What re-encoding needs to know from the file's structure, or why the structure is refused.
 * `plain`: the file holds the picture and its colour data only (no EXIF, XMP, comments, text
 * chunks...) and nothing after its end, so it can be kept exactly as it came.
 */
type Structure = { lossless: boolean; plain: boolean } | string;

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
  structure: { lossless: boolean; plain: boolean },
): Promise<Buffer> {
  const options = { failOn: 'error', limitInputPixels: maxPhotoPixels } as const;
  const animatable = type === 'image/gif' || type === 'image/webp';
  // Only the header is read here: cheap, and it tells whether there are frames to keep.
  const metadata = await sharp(input, options).metadata();
  const { pages = 1, isPalette } = metadata;
  const animated = animatable && pages > 1;
  if (structure.plain && !carriesMetadata(metadata)) {
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
  return encoders[type](image, { lossless: structure.lossless, palette: isPalette }).toBuffer();
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
 * Each format's own framing, walked to its end marker: decoders stop there and ignore whatever
 * follows, which is how an image with HTML appended still "decodes".
 */
const checkStructure: Record<RasterType, (bytes: Buffer) => Structure> = {
  'image/jpeg': (bytes) => {
    const end = jpegEnd(bytes, 0);
    if (typeof end === 'string') return end;
    // NOTE: phones append data after the main picture's EOI (HDR gain maps, the video of a Motion
    // Photo, Samsung's trailer). It is allowed here because it cannot survive: the photo is
    // re-encoded from its decoded pixels, so nothing after the EOI is ever stored or served.
    return { lossless: false, plain: end === bytes.length && jpegSegmentsArePlain(bytes) };
  },
  'image/png': pngStructure,
  'image/gif': gifStructure,
  'image/webp': webpStructure,
};

/** JFIF (APP0), ICC profile (APP2) and Adobe colour (APP14) segments only: no EXIF, XMP, IPTC or comment. */
function jpegSegmentsArePlain(bytes: Buffer): boolean {
  const plainMarkers = new Set([0xe0, 0xe2, 0xee]);
  for (let offset = 2; offset + 4 <= bytes.length;) {
    const marker = bytes[offset + 1]!;
    if (marker === 0xda) return true; // start of the picture data: the header is done
    if ((marker >= 0xe0 && marker <= 0xef && !plainMarkers.has(marker)) || marker === 0xfe) return false;
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return false;
}

/** Offset just past the EOI marker of the JPEG starting at `start`, or why there is none. */
function jpegEnd(bytes: Buffer, start: number): number | string {
  if (bytes[start] !== 0xff || bytes[start + 1] !== 0xd8) return 'JPEG does not start with SOI';
  let offset = start + 2;
  for (;;) {
    if (offset >= bytes.length) return 'JPEG is truncated';
    if (bytes[offset] !== 0xff) return 'JPEG segment does not start with a marker';
    while (bytes[offset] === 0xff) offset++; // fill bytes
    const marker = bytes[offset++];
    if (marker === undefined) return 'JPEG is truncated';
    if (marker === 0xd9) return offset;
    if (marker === 0x00) return 'invalid JPEG marker';
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // TEM, RSTn: no length
    if (offset + 2 > bytes.length) return 'JPEG is truncated';
    const length = bytes.readUInt16BE(offset);
    if (length < 2 || offset + length > bytes.length) return 'JPEG is truncated';
    offset += length;
    if (marker !== 0xda) continue;
    // Entropy-coded data after SOS runs to the next marker other than a stuffed 0xFF00 or RSTn.
    for (;;) {
      offset = bytes.indexOf(0xff, offset);
      if (offset === -1) return 'JPEG is truncated';
      const next = bytes[offset + 1];
      if (next === undefined) return 'JPEG is truncated';
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) offset += 2;
      else if (next === 0xff) offset++;
      else break;
    }
  }
}

/** Chunks of the picture and its colour; anything else (text, EXIF, time...) is metadata. */
const plainPngChunks = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'sBIT',
  'bKGD',
  'pHYs',
  'hIST',
  'acTL',
  'fcTL',
  'fdAT',
]);

function pngStructure(bytes: Buffer): Structure {
  let offset = 8;
  let first = true;
  let plain = true;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (length > 0x7fffffff || !/^[A-Za-z]{4}$/.test(type)) return 'invalid PNG chunk';
    if (first && type !== 'IHDR') return 'PNG does not start with IHDR';
    first = false;
    plain &&= plainPngChunks.has(type);
    offset += 12 + length;
    if (type === 'IEND') return offset === bytes.length ? { lossless: true, plain } : 'data after the PNG end (IEND)';
  }
  return 'PNG is truncated';
}

function gifStructure(bytes: Buffer): Structure {
  const colorTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  /** Offset after the data sub-blocks starting at `offset` (ended by a 0 length), or -1. */
  const skipSubBlocks = (offset: number) => {
    for (;;) {
      const size = bytes[offset];
      if (size === undefined) return -1;
      offset += 1 + size;
      if (size === 0) return offset;
    }
  };
  if (bytes.length < 13) return 'GIF is truncated';
  let offset = 13 + colorTable(bytes[10]!);
  let plain = true;
  while (offset !== -1 && offset < bytes.length) {
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
      const flags = bytes[offset + 9];
      if (flags === undefined) break;
      // Image descriptor (10 bytes), local colour table, LZW code size, then the image data.
      offset = skipSubBlocks(offset + 10 + colorTable(flags) + 1);
    } else {
      return 'invalid GIF block';
    }
  }
  return 'GIF is truncated';
}

function webpStructure(bytes: Buffer): Structure {
  if (bytes.readUInt32LE(4) + 8 !== bytes.length) return 'WebP size does not match the file (data appended or cut off)';
  const chunks = new Set<string>();
  let offset = 12;
  while (offset < bytes.length) {
    if (offset + 8 > bytes.length) return 'WebP is truncated';
    const type = bytes.toString('latin1', offset, offset + 4);
    if (!/^[\x20-\x7e]{4}$/.test(type)) return 'invalid WebP chunk';
    const size = bytes.readUInt32LE(offset + 4);
    offset += 8 + size + (size % 2); // chunks are padded to an even size
    if (offset > bytes.length) return 'WebP is truncated';
    chunks.add(type);
  }
  // Lossless stays lossless (screenshots, drawings); lossy photos are re-encoded at quality 90.
  return {
    lossless: chunks.has('VP8L') && !chunks.has('VP8 ') && !chunks.has('ANIM'),
    plain: [...chunks].every((chunk) => ['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP'].includes(chunk)),
  };
}

// ISO base media file format (ISO/IEC 14496-12) and HEIF (ISO/IEC 23008-12) structures.

const heifBrands = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1']);

interface Box {
  type: string;
  /** Where the box's content starts (after size, type and any largesize) and where the box ends. */
  content: number;
  end: number;
}

class HeifError extends Error {}

/** A copy of the HEIF file with its Exif and XMP items zeroed, or why it is refused. */
function cleanHeif(input: Buffer): Buffer | string {
  try {
    const top = readBoxes(input, 0, input.length);
    const [ftyp] = top;
    if (ftyp?.type !== 'ftyp') return 'HEIF does not start with ftyp';
    const brands = [input.toString('latin1', ftyp.content, ftyp.content + 4)];
    for (let at = ftyp.content + 8; at + 4 <= ftyp.end; at += 4) brands.push(input.toString('latin1', at, at + 4));
    if (!brands.some((brand) => heifBrands.has(brand))) return 'no HEIF brand in ftyp';
    const metas = top.filter((box) => box.type === 'meta');
    if (metas.length !== 1) return 'HEIF needs exactly one meta box';
    if (!top.some((box) => box.type === 'mdat')) return 'HEIF has no mdat box';
    const output = Buffer.from(input);
    for (const extent of metadataExtents(input, metas[0]!)) output.fill(0, extent.start, extent.end);
    return output;
  } catch (error) {
    if (error instanceof HeifError) return error.message;
    throw error;
  }
}

/** The boxes between `start` and `end`, which they must fill exactly. */
function readBoxes(bytes: Buffer, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  let offset = start;
  while (offset < end) {
    if (offset + 8 > end) throw new HeifError('HEIF box header cut off (truncated or data appended)');
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (!/^[\x20-\x7e]{4}$/.test(type)) throw new HeifError('HEIF box type is not printable (data appended?)');
    let size = bytes.readUInt32BE(offset);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > end) throw new HeifError('HEIF box header cut off');
      const large = bytes.readBigUInt64BE(offset + 8);
      size = large > BigInt(end - offset) ? Infinity : Number(large);
      header = 16;
    } else if (size === 0) {
      size = end - offset; // the last box, to the end of the file (or of its parent)
    }
    if (size < header || offset + size > end) throw new HeifError(`HEIF box ${type} runs past its end (truncated?)`);
    boxes.push({ type, content: offset + header, end: offset + size });
    offset += size;
  }
  return boxes;
}

/** Reads the fields of one box's content, refusing anything past its end. */
class BoxReader {
  constructor(
    private readonly bytes: Buffer,
    public offset: number,
    private readonly end: number,
  ) {}

  private take(length: number): number {
    if (this.offset + length > this.end) throw new HeifError('HEIF box content cut off');
    const at = this.offset;
    this.offset += length;
    return at;
  }

  uint(size: number): number {
    if (size === 0) return 0;
    if (size === 1) return this.bytes.readUInt8(this.take(1));
    if (size === 2) return this.bytes.readUInt16BE(this.take(2));
    if (size === 4) return this.bytes.readUInt32BE(this.take(4));
    if (size === 8) {
      const value = this.bytes.readBigUInt64BE(this.take(8));
      if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new HeifError('HEIF offset out of range');
      return Number(value);
    }
    throw new HeifError('invalid HEIF field size');
  }

  fourcc(): string {
    const at = this.take(4);
    return this.bytes.toString('latin1', at, at + 4);
  }

  /** A null-terminated string (a missing terminator at the end of the box is tolerated). */
  string(): string {
    const zero = this.bytes.indexOf(0, this.offset);
    const stop = zero === -1 || zero >= this.end ? this.end : zero;
    const text = this.bytes.toString('utf8', this.offset, stop);
    this.offset = Math.min(stop + 1, this.end);
    return text;
  }

  /** Version and flags of a FullBox. */
  fullBox(): { version: number; flags: number } {
    const value = this.uint(4);
    return { version: value >>> 24, flags: value & 0xffffff };
  }
}

interface Extent {
  start: number;
  end: number;
}

/** File ranges of the meta box's Exif items and XMP items (where GPS positions live). */
function metadataExtents(bytes: Buffer, meta: Box): Extent[] {
  const header = new BoxReader(bytes, meta.content, meta.end);
  header.fullBox();
  const children = readBoxes(bytes, header.offset, meta.end);
  const child = (type: string) => {
    const found = children.filter((box) => box.type === type);
    if (found.length > 1) throw new HeifError(`more than one ${type} box in meta`);
    return found[0];
  };

  const hdlr = child('hdlr');
  if (!hdlr) throw new HeifError('HEIF meta has no hdlr box');
  const handler = new BoxReader(bytes, hdlr.content, hdlr.end);
  handler.fullBox();
  handler.uint(4);
  if (handler.fourcc() !== 'pict') throw new HeifError('HEIF meta handler is not pict');

  const metadataItems = new Set<number>();
  const iinf = child('iinf');
  if (iinf) {
    const reader = new BoxReader(bytes, iinf.content, iinf.end);
    const { version } = reader.fullBox();
    reader.uint(version === 0 ? 2 : 4); // entry count: the infe boxes themselves are what counts
    for (const infe of readBoxes(bytes, reader.offset, iinf.end)) {
      if (infe.type !== 'infe') continue;
      const item = itemInfo(bytes, infe);
      if (item.type === 'Exif' || (item.type === 'mime' && /xmp|rdf\+xml/i.test(item.contentType))) {
        metadataItems.add(item.id);
      }
    }
  }

  const locations = child('iloc') ? itemLocations(bytes, child('iloc')!) : new Map<number, ItemLocation>();
  const idat = child('idat');
  const extents: Extent[] = [];
  for (const [id, location] of locations) {
    if (location.external) {
      if (metadataItems.has(id)) throw new HeifError('HEIF metadata item in another file');
      continue;
    }
    for (const { offset, length } of location.extents) {
      let base: number;
      let limit: number;
      if (location.method === 0) {
        [base, limit] = [0, bytes.length];
      } else if (location.method === 1) {
        if (!idat) throw new HeifError('HEIF item in a missing idat box');
        [base, limit] = [idat.content, idat.end];
      } else {
        // Construction method 2 (data from another item) is not used for metadata by cameras.
        if (metadataItems.has(id)) throw new HeifError('HEIF metadata item built from another item');
        continue;
      }
      const start = base + location.baseOffset + offset;
      const end = length === 0 ? limit : start + length;
      if (end > limit) throw new HeifError('HEIF item data lies outside the file');
      if (metadataItems.has(id)) extents.push({ start, end });
    }
  }
  for (const id of metadataItems) {
    if (!locations.has(id)) throw new HeifError('HEIF metadata item has no location');
  }
  return extents;
}

function itemInfo(bytes: Buffer, infe: Box): { id: number; type: string; contentType: string } {
  const reader = new BoxReader(bytes, infe.content, infe.end);
  const { version } = reader.fullBox();
  // Versions 0 and 1 have no item type; HEIF requires 2 or 3.
  if (version !== 2 && version !== 3) throw new HeifError(`unsupported HEIF infe version ${version}`);
  const id = reader.uint(version === 2 ? 2 : 4);
  reader.uint(2); // protection index
  const type = reader.fourcc();
  reader.string(); // item name
  const contentType = type === 'mime' ? reader.string() : '';
  return { id, type, contentType };
}

interface ItemLocation {
  /** Construction method: 0 file offsets, 1 offsets in the idat box, 2 data of another item. */
  method: number;
  /** Data in another file (a data reference other than 0). */
  external: boolean;
  baseOffset: number;
  extents: { offset: number; length: number }[];
}

function itemLocations(bytes: Buffer, iloc: Box): Map<number, ItemLocation> {
  const reader = new BoxReader(bytes, iloc.content, iloc.end);
  const { version } = reader.fullBox();
  if (version > 2) throw new HeifError(`unsupported HEIF iloc version ${version}`);
  const sizes = reader.uint(2);
  const [offsetSize, lengthSize, baseOffsetSize] = [sizes >> 12, (sizes >> 8) & 0xf, (sizes >> 4) & 0xf];
  const indexSize = version === 0 ? 0 : sizes & 0xf;
  const locations = new Map<number, ItemLocation>();
  const count = reader.uint(version < 2 ? 2 : 4);
  for (let i = 0; i < count; i++) {
    const id = reader.uint(version < 2 ? 2 : 4);
    const method = version === 0 ? 0 : reader.uint(2) & 0xf;
    const external = reader.uint(2) !== 0; // data reference index: 0 is this file
    const baseOffset = reader.uint(baseOffsetSize);
    const extents: ItemLocation['extents'] = [];
    for (let left = reader.uint(2); left > 0; left--) {
      reader.uint(indexSize);
      extents.push({ offset: reader.uint(offsetSize), length: reader.uint(lengthSize) });
    }
    locations.set(id, { method, external, baseOffset, extents });
  }
  return locations;
}

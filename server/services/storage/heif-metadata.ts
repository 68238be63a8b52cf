// ISO base media file format (ISO/IEC 14496-12) and HEIF (ISO/IEC 23008-12) structures.

const heifBrands = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1']);

interface Box {
  type: string;
  /** Where the box's content starts (after size, type and any largesize) and where the box ends. */
  content: number;
  end: number;
}

class HeifError extends Error {}

/**
 * A copy of the HEIF file with its Exif and XMP items zeroed, or why it is refused. This sharp
 * build cannot decode HEVC, so the file's boxes are checked here instead: they must fill the file
 * exactly (nothing appended, nothing cut off), and the metadata items are overwritten in place.
 */
export function cleanHeif(input: Buffer): Buffer | string {
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

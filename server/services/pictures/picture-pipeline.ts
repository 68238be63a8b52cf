import sharp from 'sharp';
import { imageEncoders, imageKinds, type ImageFormat, type ImageKind } from '@shared/images';
import { projectPhotoMessages } from '@shared/schemas/owner-projects';
import { sitePictureMessages, type PictureFocus } from '@shared/schemas/site-pictures';
import { HttpError } from '../errors';
import { onFirstUse } from '../first-use';
import { maxPhotoPixels } from '../storage/photo-check';
import { checkedPhotoInput, keptOriginalEdge } from '../projects/project-photos';

/** One file of a made picture, by its name's suffix after the id: '-800.webp', '-original.jpg'. */
export interface PictureFile {
  suffix: string;
  body: Buffer;
  contentType: string;
}

export interface MadePicture {
  format: 'photo' | 'png';
  width: number;
  height: number;
  widths: number[];
  placeholder: string;
  files: PictureFile[];
}

const types: Record<ImageFormat | 'png', string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
};
const timeoutSeconds = 60;
/** The smallest side a QR code is kept at: its modules stay a few pixels wide. */
const minQrSide = 200;
/**
 * Most pixels a QR code's picture may have: a phone's screenshot is 3 to 6 MP, a 12 MP camera's
 * photo of a printed code fits. Its pixels are read whole (jsqr needs them all at once): a
 * 49 MP PNG took 200 MB more, where a photo is streamed a few rows at a time.
 */
export const maxQrPixels = 16_000_000;

/** Upright pixels without anything else: no EXIF (GPS), XMP, IPTC or profile goes further. */
async function uprightPixels(input: Buffer, alpha: boolean, maxPixels: number) {
  const image = sharp(input, { failOn: 'error', limitInputPixels: maxPixels })
    .timeout({ seconds: timeoutSeconds })
    .rotate()
    .toColourspace('srgb');
  return (alpha ? image.ensureAlpha() : image.removeAlpha()).raw().toBuffer({ resolveWithObject: true });
}

const fromRaw = ({ data, info }: { data: Buffer; info: sharp.OutputInfo }) =>
  sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });

async function placeholderOf(raw: { data: Buffer; info: sharp.OutputInfo }): Promise<string> {
  const tiny = await fromRaw(raw).resize({ width: 16 }).webp({ quality: 40 }).toBuffer();
  return `data:image/webp;base64,${tiny.toString('base64')}`;
}

/**
 * A photo in place of a drawn picture, made as the build makes the drawings (scripts/images/) and
 * the server the project photos (projects/project-photos.ts): upright, every piece of metadata
 * dropped, cropped to the kind's shape around his focal point, AVIF, WebP and JPEG at each of the
 * kind's widths the photo covers, a blur placeholder, and the cleaned photo (at most 2000 px a side)
 * as the original.
 *
 * The crop places the focal point as CSS object-position does (the point at x% of the photo at x%
 * of the crop), so the pages, which show it with the same object-position in boxes of other
 * shapes (the home page's header on a phone), crop around the same point.
 */
export async function makePhotoPicture(input: Buffer, kind: ImageKind, focus: PictureFocus): Promise<MadePicture> {
  const spec = imageKinds[kind];
  const ratio = spec.width / spec.height;
  const size = await checkedPhotoInput(input);
  const cropWidth = Math.min(size.width, Math.floor(size.height * ratio));
  const widths = spec.widths.filter((w) => w <= cropWidth);
  if (widths.length === 0) throw new HttpError(400, projectPhotoMessages.tooSmall);
  try {
    // Straight from the upload, shrunk on load to the size wanted, one encoding at a time (as
    // project photos are made): no decoded copy of the whole photo is held.
    const upright = () =>
      sharp(input, { failOn: 'error', limitInputPixels: maxPhotoPixels })
        .timeout({ seconds: timeoutSeconds })
        .rotate()
        .toColourspace('srgb')
        .removeAlpha();
    const files: PictureFile[] = [
      {
        suffix: '-original.jpg',
        body: await upright()
          .resize({ width: keptOriginalEdge, height: keptOriginalEdge, fit: 'inside', withoutEnlargement: true })
          .jpeg({ quality: 90 })
          .toBuffer(),
        contentType: types.jpg,
      },
    ];
    const largest = widths.at(-1)!;
    const shape = { width: largest, height: Math.round(largest / ratio) };
    // Shrunk to cover the shape (still shrunk on load), then the shape cut out around the point.
    const scale = Math.max(shape.width / size.width, shape.height / size.height);
    const covering = {
      width: Math.max(shape.width, Math.round(size.width * scale)),
      height: Math.max(shape.height, Math.round(size.height * scale)),
    };
    const master = await upright()
      .resize(covering.width, covering.height, { fit: 'fill' })
      .extract({
        left: Math.round(((covering.width - shape.width) * focus.x) / 100),
        top: Math.round(((covering.height - shape.height) * focus.y) / 100),
        ...shape,
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (const w of widths) {
      const sized = await fromRaw(master)
        .resize(w, Math.round(w / ratio), { fit: 'fill' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      files.push(
        {
          suffix: `-${w}.avif`,
          body: await fromRaw(sized).avif(imageEncoders.avif).toBuffer(),
          contentType: types.avif,
        },
        {
          suffix: `-${w}.webp`,
          body: await fromRaw(sized).webp(imageEncoders.webp).toBuffer(),
          contentType: types.webp,
        },
        { suffix: `-${w}.jpg`, body: await fromRaw(sized).jpeg(imageEncoders.jpg).toBuffer(), contentType: types.jpg },
      );
    }
    return {
      format: 'photo',
      width: largest,
      height: Math.round(largest / ratio),
      widths,
      placeholder: await placeholderOf(master),
      files,
    };
  } catch (error) {
    throw pipelineError(error);
  }
}

/** jsqr: only the payment QR codes need it, a few times in the site's life. */
const loadJsQr = onFirstUse('jsqr', async () => (await import('jsqr')).default);

/** The text of the QR code in these pixels, or null. */
async function readQr(raw: { data: Buffer; info: sharp.OutputInfo }): Promise<string | null> {
  const { data, info } = raw;
  const rgba = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  const jsQR = await loadJsQr();
  return jsQR(rgba, info.width, info.height)?.data ?? null;
}

/**
 * A payment QR code: read with jsqr first (a picture that is not one is refused), then kept sharp:
 * never cropped (a white square around it, as the quiet zone it needs), lossless PNG at each of
 * the kind's widths it covers, each read again before it is kept.
 */
export async function makeQrPicture(input: Buffer): Promise<MadePicture & { text: string }> {
  const size = await checkedPhotoInput(input, maxQrPixels, sitePictureMessages.qrTooManyPixels);
  let upright: { data: Buffer; info: sharp.OutputInfo };
  try {
    upright = await uprightPixels(input, true, maxQrPixels);
  } catch (error) {
    throw pipelineError(error);
  }
  const text = await readQr(upright);
  if (!text) throw new HttpError(400, sitePictureMessages.notAQrCode);
  const side = Math.max(size.width, size.height);
  if (side < minQrSide) throw new HttpError(400, sitePictureMessages.qrTooSmall);
  const white = { r: 255, g: 255, b: 255, alpha: 1 };
  const square = await fromRaw(upright)
    .flatten({ background: white })
    .extend({
      top: Math.floor((side - upright.info.height) / 2),
      bottom: Math.ceil((side - upright.info.height) / 2),
      left: Math.floor((side - upright.info.width) / 2),
      right: Math.ceil((side - upright.info.width) / 2),
      background: white,
    })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { widths: kindWidths } = imageKinds.qr;
  // The largest width is the QR code's own size when it is smaller: a PNG is never made larger.
  const widths = [...new Set(kindWidths.map((w) => Math.min(w, side)))];
  const lossless = (image: sharp.Sharp) => image.png({ compressionLevel: 9, palette: false }).toBuffer();
  const files: PictureFile[] = [
    { suffix: '-original.png', body: await lossless(fromRaw(square)), contentType: types.png },
  ];
  for (const w of widths) {
    const sized = await fromRaw(square).resize(w, w).raw().toBuffer({ resolveWithObject: true });
    if (!(await readQr(sized))) throw new HttpError(400, sitePictureMessages.qrTooSmall);
    files.push({ suffix: `-${w}.png`, body: await lossless(fromRaw(sized)), contentType: types.png });
  }
  const largest = widths.at(-1)!;
  const placeholder = await placeholderOf(square);
  return { format: 'png', width: largest, height: largest, widths, placeholder, files, text };
}

function pipelineError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new HttpError(413, projectPhotoMessages.tooManyPixels(0));
  if (/decode|corrupt|premature|unsupported|bad|VipsJpeg|Input/i.test(message))
    return new HttpError(415, projectPhotoMessages.notAPhoto);
  return error;
}

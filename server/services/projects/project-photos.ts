import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { UploadedPhoto } from '@shared/content/types';
import { imageEncoders, imageKinds, shareImageSize, type ImageFormat } from '@shared/images';
import { projectPhotoMessages } from '@shared/schemas/owner-projects';
import type { DatabaseHandle } from '../../db/client';
import { projectPhotos } from '../../db/schema';
import { HttpError } from '../errors';
import { sniffImageType, sniffLength } from '../storage/image-types';
import { maxPhotoPixels } from '../storage/photo-check';
import type { SiteImageStore } from '../storage/site-images';
import { shareLabel, shareLabelBox } from './share-labels';
import { oneImageAtATime } from '../storage/image-queue';

/** The widths of an uploaded photo: the gallery's, as the built-in six. */
const widths = imageKinds.gallery.widths;
const formats: readonly ImageFormat[] = ['avif', 'webp', 'jpg'];
const types: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };
/**
 * The longest side of the kept original (the share image and any later crop are made from it):
 * well above the largest width served (1200), and at most half a 12 MP phone photo's 4032, so its
 * JPEG is decoded shrunk on load.
 */
export const keptOriginalEdge = 2000;
/** A photo takes well under 10 s here; a file that takes longer is not one we want. */
const timeoutSeconds = 60;

/** The file name of a variant: `<id>-<width>.<format>`, served at /img/projects/<name>. */
export const variantName = (id: string, width: number, format: ImageFormat) => `${id}-${width}.${format}`;
export const originalName = (id: string) => `${id}-original.jpg`;
export const shareName = (beforeId: string, afterId: string) => `${beforeId}_${afterId}-share.jpg`;

/**
 * The checks a project photo and the owner's site pictures get: a JPEG, PNG or WebP sharp can read, at most `maxPixels` by the
 * size its header gives (metadata reads the header only), so nothing too large is ever decoded.
 */
export async function checkedPhotoInput(
  input: Buffer,
  maxPixels = maxPhotoPixels,
  tooMany: (pixels: number) => string = projectPhotoMessages.tooManyPixels,
): Promise<{ width: number; height: number }> {
  if (input.length === 0) throw new HttpError(400, projectPhotoMessages.empty);
  const type = sniffImageType(input.subarray(0, sniffLength));
  if (type === 'image/heic' || type === 'image/heif') throw new HttpError(415, projectPhotoMessages.heic);
  if (type !== 'image/jpeg' && type !== 'image/png' && type !== 'image/webp')
    throw new HttpError(415, projectPhotoMessages.notAPhoto);
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(input, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(415, projectPhotoMessages.notAPhoto);
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels > maxPixels) throw new HttpError(413, tooMany(pixels));
  const swap = (metadata.orientation ?? 1) >= 5;
  return {
    width: (swap ? metadata.height : metadata.width) ?? 0,
    height: (swap ? metadata.width : metadata.height) ?? 0,
  };
}

/**
 * A project photo from the owner's phone, made the way the build makes the gallery's pictures:
 * turned upright by its EXIF orientation, every piece of metadata dropped (EXIF with the GPS
 * position, XMP, IPTC, maker notes: sharp writes none unless asked, and the colours are
 * converted to sRGB instead of keeping the profile), AVIF, WebP and JPEG at each of the gallery's
 * widths no wider than the photo, a cleaned JPEG of at most 2000 px a side as the original, and a
 * tiny blurred placeholder. Everything is stored before the row is written, so a refused or failed photo leaves
 * nothing a project could refer to. One photo at a time per server.
 */
export function createProjectPhotos(deps: { database: DatabaseHandle; images: SiteImageStore }) {
  const { database, images } = deps;

  async function process(input: Buffer): Promise<UploadedPhoto> {
    const options = { failOn: 'error', limitInputPixels: maxPhotoPixels } as const;
    const { width, height } = await checkedPhotoInput(input);
    const pixels = width * height;
    if (width < widths[0]!) throw new HttpError(400, projectPhotoMessages.tooSmall);

    const id = randomUUID();
    const written: string[] = [];
    const put = async (name: string, body: Buffer, contentType: string) => {
      await images.put(name, body, contentType);
      written.push(name);
    };
    try {
      // Each file is made straight from the upload, upright and with nothing but its pixels: libvips
      // decodes a JPEG shrunk on load to the size wanted (a 480 px variant reads an eighth of a
      // 12 MP photo) and streams it, so no decoded copy of the whole photo is ever held. One
      // encoding at a time: an AVIF encoder beside the others doubled the peak.
      const upright = () =>
        sharp(input, options).timeout({ seconds: timeoutSeconds }).rotate().toColourspace('srgb').removeAlpha();
      const original = upright().resize({
        width: keptOriginalEdge,
        height: keptOriginalEdge,
        fit: 'inside',
        withoutEnlargement: true,
      });
      await put(originalName(id), await original.jpeg({ quality: 90 }).toBuffer(), types.jpg);
      const sizes = widths.filter((w) => w <= width);
      let largest = { width: 0, height: 0 };
      for (const w of sizes) {
        for (const format of formats) {
          const variant = upright().resize({ width: w });
          const encoded =
            format === 'avif'
              ? variant.avif(imageEncoders.avif)
              : format === 'webp'
                ? variant.webp(imageEncoders.webp)
                : variant.jpeg(imageEncoders.jpg);
          const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
          largest = { width: info.width, height: info.height };
          await put(variantName(id, w, format), data, types[format]);
        }
      }
      const tiny = await upright().resize({ width: 16 }).webp({ quality: 40 }).toBuffer();
      const photo: UploadedPhoto = {
        id,
        ...largest,
        widths: sizes,
        placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
      };
      await database.db.insert(projectPhotos).values({
        id,
        width: photo.width,
        height: photo.height,
        widths: [...photo.widths],
        placeholder: photo.placeholder,
      });
      return photo;
    } catch (error) {
      await Promise.all(written.map((name) => images.delete(name).catch(() => undefined)));
      if (error instanceof HttpError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      if (/pixel limit/i.test(message)) throw new HttpError(413, projectPhotoMessages.tooManyPixels(pixels));
      if (/decode|corrupt|premature|unsupported|bad|VipsJpeg|Input/i.test(message)) {
        throw new HttpError(415, projectPhotoMessages.notAPhoto);
      }
      throw error;
    }
  }

  return {
    /** Makes the photo's variants and stores it; HttpError 400/413/415 with the message to show when refused. */
    add(input: Buffer): Promise<UploadedPhoto> {
      return oneImageAtATime(() => process(input));
    },

    /**
     * The share image of a project (1200x630): the before and after photos side by side, each
     * cropped to its half around what draws the eye, with a light line between and a "Before" and
     * an "After" tag at the foot of each half (a preview is small: which side is which must show).
     * Made once per pair.
     */
    async ensureShareImage(beforeId: string, afterId: string): Promise<void> {
      const name = shareName(beforeId, afterId);
      if (await images.get(name)) return;
      const half = { width: shareImageSize.width / 2, height: shareImageSize.height };
      const side = async (id: string) => {
        const source = await images.get(originalName(id));
        if (!source) throw new HttpError(400, projectPhotoMessages.gone);
        return sharp(source)
          .resize({ ...half, fit: 'cover', position: sharp.strategy.attention })
          .toBuffer();
      };
      const [left, right] = await Promise.all([side(beforeId), side(afterId)]);
      const divider = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="6" height="${half.height}"><rect width="6" height="${half.height}" fill="#f6efe3"/></svg>`,
      );
      const [beforeTag, afterTag] = await Promise.all([shareLabel('Before'), shareLabel('After')]);
      const tagTop = half.height - shareLabelBox.bottom - shareLabelBox.height;
      const image = await sharp({
        create: { ...shareImageSize, channels: 3, background: '#f6efe3' },
      })
        .composite([
          { input: left, left: 0, top: 0 },
          { input: right, left: half.width, top: 0 },
          { input: divider, left: half.width - 3, top: 0 },
          { input: beforeTag, left: shareLabelBox.left, top: tagTop },
          { input: afterTag, left: half.width + shareLabelBox.left, top: tagTop },
        ])
        .jpeg({ quality: 82, mozjpeg: true, progressive: true })
        .toBuffer();
      await images.put(name, image, types.jpg);
    },
  };
}

export type ProjectPhotos = ReturnType<typeof createProjectPhotos>;

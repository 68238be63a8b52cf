import { qrPictureName } from '@shared/content/site-pictures';
import type { UploadedPhoto } from '@shared/content/types';
import type { SiteImageStore } from '../storage/site-images';

/**
 * His Venmo and Cash App QR codes, the site pictures `qr/venmo` and `qr/cash-app` he put in on
 * the Photos page (lossless PNG variants in the site's image store), for the invoice's page and PDF.
 */
export interface QrPictures {
  venmo?: UploadedPhoto;
  cashApp?: UploadedPhoto;
}

export interface QrCodes {
  /** What names the PDF: it is made again when he puts in another code. */
  ids: string;
  /** The PNGs, read when the PDF is made. */
  load: () => Promise<{ venmo?: Uint8Array; cashApp?: Uint8Array }>;
}

export const qrPicturesOf = (pictures: Readonly<Record<string, UploadedPhoto>>): QrPictures => ({
  venmo: pictures[qrPictureName('Venmo')],
  cashApp: pictures[qrPictureName('Cash App')],
});

/** The width of a QR code's variant the page and the PDF use: sharp at 180 CSS pixels. */
export const qrWidth = (photo: UploadedPhoto) => [...photo.widths].reverse().find((w) => w <= 480) ?? photo.widths[0]!;

export function qrCodes(pictures: QrPictures, images: SiteImageStore): QrCodes {
  const read = async (photo: UploadedPhoto | undefined) =>
    photo ? ((await images.get(`${photo.id}-${qrWidth(photo)}.png`).catch(() => null)) ?? undefined) : undefined;
  return {
    ids: [pictures.venmo?.id ?? '', pictures.cashApp?.id ?? ''].join(','),
    load: async () => {
      const [venmo, cashApp] = await Promise.all([read(pictures.venmo), read(pictures.cashApp)]);
      return { venmo, cashApp };
    },
  };
}

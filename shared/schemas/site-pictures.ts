import type { UploadedPhoto } from '../content/types';

/** What of a photo is kept when it is cropped to the picture's shape (a QR code is never cropped). */
export const pictureKeepChoices = ['top', 'centre', 'bottom'] as const;
export type PictureKeepChoice = (typeof pictureKeepChoices)[number];

/** What the owner is told when a picture is refused (besides the project photos' messages). */
export const sitePictureMessages = {
  notAQrCode:
    'No QR code could be read in this picture. Please choose the QR code your payment app shows (a screenshot of it works), straight on and whole.',
  qrTooSmall: 'This QR code is too small to stay readable on the site. Please choose a larger screenshot of it.',
  unknownPlace: 'There is no such picture on the site.',
} as const;

/** A place on /owner/photos as GET /api/owner/pictures answers it: the owner's photo in use, if any. */
export interface OwnerPicture {
  name: string;
  photo: (UploadedPhoto & { keep: PictureKeepChoice }) | null;
}

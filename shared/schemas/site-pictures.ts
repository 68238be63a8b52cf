import type { PictureFocus, UploadedPhoto } from '../content/types';

export type { PictureFocus } from '../content/types';

/** The middle of the photo: what a crop keeps when the owner has not picked a point. */
export const centreFocus: PictureFocus = { x: 50, y: 50 };

/** A focal point from the query or a tap: each side a whole percent from 0 to 100, else the middle. */
export function focusOf(x: unknown, y: unknown): PictureFocus {
  const percent = (value: unknown) => {
    const number = typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : NaN;
    return Number.isFinite(number) ? Math.min(100, Math.max(0, Math.round(number))) : 50;
  };
  return { x: percent(x), y: percent(y) };
}

/** CSS object-position of a focal point: the point stays in view however the box crops the photo. */
export const objectPositionOf = (focus: PictureFocus) => `${focus.x}% ${focus.y}%`;

/**
 * The payment apps' own addresses: a QR code holding one of these needs no second look. Hosts
 * match as themselves or as a subdomain (account.venmo.com, enroll.zellepay.com).
 */
export const paymentAppHosts = [
  'venmo.com',
  'cash.app',
  'cash.me',
  'paypal.com',
  'paypal.me',
  'zellepay.com',
  'zelle.com',
] as const;

/** The code's text as a link, only when it is a web address (never javascript:, data: or the like). */
export function webAddressOf(text: string): URL | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** Whether a QR code's text is a payment app's address (https, on one of its hosts). */
export function isPaymentAppAddress(text: string): boolean {
  const url = webAddressOf(text);
  if (!url || url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return paymentAppHosts.some((app) => host === app || host.endsWith(`.${app}`));
}

/** What the owner is told when a picture is refused (besides the project photos' messages). */
export const sitePictureMessages = {
  notAQrCode:
    'No QR code could be read in this picture. Please choose the QR code your payment app shows (a screenshot of it works), straight on and whole.',
  qrTooSmall: 'This QR code is too small to stay readable on the site. Please choose a larger screenshot of it.',
  qrNotAPaymentApp:
    'This QR code does not open a payment app (Venmo, Cash App, Zelle, PayPal). Check what it says before you put it on the site.',
  qrTooManyPixels: (pixels: number) =>
    `This picture is ${Math.round(pixels / 1_000_000)} megapixels, more than the 16 megapixels a QR code's picture can have. Please choose a screenshot of the code.`,
  unknownPlace: 'There is no such picture on the site.',
  nothingToPutBack: 'There is no photo of yours to put back here.',
} as const;

/** His photo in a place, as /owner/photos shows it. */
export type OwnerPhoto = UploadedPhoto & {
  /** What a payment QR code says (its link), read when he put it in. */
  qrText?: string;
};

/** A place on /owner/photos as GET /api/owner/pictures answers it: the owner's photo in use, if any. */
export interface OwnerPicture {
  name: string;
  photo: OwnerPhoto | null;
  /** His photo set aside by "Use the drawing": offered back until he puts in another. */
  setAside: OwnerPhoto | null;
}

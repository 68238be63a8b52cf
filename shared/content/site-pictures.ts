import { imageKinds, type ImageKind } from '../images';
import { paths } from '../routes';
import { business } from './business';
import { galleryItems } from './gallery';
import { serviceNames } from './names';
import { serviceSlugs } from './slugs';
import type { GalleryImage, GalleryItem, UploadedPhoto } from './types';

/**
 * The site's drawn pictures the owner can put his own photos in place of (/owner/photos), grouped
 * as the site shows them: the files in images/ that `npm run check:launch` counts (the logo aside).
 * `name` is the picture's name in images/ and in the site-content snapshot's `pictures`.
 */
export interface PicturePlace {
  /** e.g. 'services/decks'. */
  name: string;
  kind: ImageKind;
  /** The place in the owner's words: the file input is labelled "Replace <label>". */
  label: string;
}

export interface PictureGroup {
  id: string;
  title: string;
  /** Where the site shows the pictures of the group. */
  shownOn: string;
  places: PicturePlace[];
}

/** The QR code picture's name of a payment app: 'Cash App' -> 'qr/cash-app'. */
export const qrPictureName = (app: string) => `qr/${app.toLowerCase().replace(/\s+/g, '-')}`;

export const pictureGroups: readonly PictureGroup[] = [
  {
    id: 'home',
    title: 'Home',
    shownOn: 'Behind the first screen of the home page and of the service area pages.',
    places: [{ name: 'hero/home', kind: 'hero', label: 'Home' }],
  },
  {
    id: 'services',
    title: 'Services',
    shownOn: "On each service's page.",
    places: serviceSlugs.map((slug) => ({ name: `services/${slug}`, kind: 'service', label: serviceNames[slug] })),
  },
  {
    id: 'about',
    title: 'About',
    shownOn: 'Your portrait on the About page.',
    places: [{ name: 'people/owner', kind: 'portrait', label: 'About' }],
  },
  {
    id: 'pine-bundles',
    title: 'Pine bundle stand',
    shownOn: 'The payment QR codes on the Pine Bundles page: the one each app gives you to be paid.',
    places: business.pineBundles.paymentApps.map((app) => ({
      name: qrPictureName(app),
      kind: 'qr',
      label: `${app} QR code`,
    })),
  },
  {
    id: 'gallery',
    title: 'Gallery samples',
    shownOn: 'The six sample projects of the gallery and the home page, before and after.',
    places: galleryItems.flatMap((item) => {
      // 'deck-rebuild' -> 'Deck rebuild': short enough for a button on a phone.
      const sample = item.id.charAt(0).toUpperCase() + item.id.slice(1).replaceAll('-', ' ');
      return [
        { name: item.beforeImage, kind: 'gallery' as const, label: `${sample}, before` },
        { name: item.afterImage, kind: 'gallery' as const, label: `${sample}, after` },
      ];
    }),
  },
];

export const picturePlaces: readonly PicturePlace[] = pictureGroups.flatMap((group) => group.places);

export function picturePlace(name: string): PicturePlace | undefined {
  return picturePlaces.find((place) => place.name === name);
}

/** The element id of a place on /owner/photos, e.g. 'picture-services-decks' (the launch list links to it). */
export const pictureAnchor = (name: string) => `picture-${name.replace(/\//g, '-')}`;

/** The shape a place's picture is shown in (width / height). */
export const pictureRatio = (kind: ImageKind) => imageKinds[kind].width / imageKinds[kind].height;

/** A box the site shows a picture in: /owner/photos previews the crop it makes. */
export interface PictureFrame {
  /** Where, in the owner's words: 'On a phone'. */
  label: string;
  /** width / height. */
  ratio: number;
}

/**
 * The boxes the site shows a kind's picture in on a phone (390 by 844) and on a computer (1280 by
 * 800): the home and service area pages' header fills its section, much taller than the picture
 * on a phone (about its middle third shows), about its shape on the home page on a computer and
 * wider on a service area page; every other picture is shown in its own shape.
 * e2e/owner-photos.spec.ts measures the headers on the pages.
 */
export const heroFrames = {
  phone: { label: 'On a phone', ratio: 390 / 672 },
  homeComputer: { label: 'Home page on a computer', ratio: 1280 / 766 },
  areaComputer: { label: 'Service area pages on a computer', ratio: 1280 / 558 },
} as const satisfies Record<string, PictureFrame>;

export function pictureFrames(kind: ImageKind): PictureFrame[] {
  if (kind === 'hero') return Object.values(heroFrames);
  return [{ label: 'On a phone and a computer', ratio: pictureRatio(kind) }];
}

/** A gallery card with the owner's photos in place of its drawings, where he put some. */
export function withPictures(item: GalleryItem, pictures: Readonly<Record<string, UploadedPhoto>>): GalleryItem {
  const photo = (image: GalleryImage) => (typeof image === 'string' ? (pictures[image] ?? image) : image);
  return { ...item, beforeImage: photo(item.beforeImage), afterImage: photo(item.afterImage) };
}

/** The owner's photos in place of the gallery's drawings (what the gallery island needs of them). */
export function galleryPictures(pictures: Readonly<Record<string, UploadedPhoto>>): Record<string, UploadedPhoto> {
  return Object.fromEntries(Object.entries(pictures).filter(([name]) => name.startsWith('gallery/')));
}

/**
 * Whether the page at `path` shows the picture `name` (components/ui/picture.tsx renders it, or
 * its wording depends on it): the home page its hero and the gallery samples (Recent Work), the
 * service area pages the hero, a service's page its own picture, About the portrait, the gallery
 * its samples, the pine bundles page the QR codes. contentPages renders a page again only when
 * one of its pictures changes; a page that starts showing another must be added here.
 */
export function showsPicture(path: string, name: string): boolean {
  if (path === paths.home) return name === 'hero/home' || name.startsWith('gallery/');
  if (path === paths.gallery) return name.startsWith('gallery/');
  if (path === paths.about) return name === 'people/owner';
  if (path === paths.pineBundles) return name.startsWith('qr/');
  if (path.startsWith(paths.location(''))) return name === 'hero/home';
  if (path.startsWith(paths.service(''))) return name === `services/${path.slice(paths.service('').length)}`;
  return false;
}

/** The owner's pictures the page at `path` shows. */
export function picturesShownOn(
  path: string,
  pictures: Readonly<Record<string, UploadedPhoto>>,
): Record<string, UploadedPhoto> {
  return Object.fromEntries(Object.entries(pictures).filter(([name]) => showsPicture(path, name)));
}

/** Content types shared by the client, the prerender step and the server. No React, no Express. */

/** Icon names used by services; the client maps each to a lucide-react icon. */
export type ServiceIcon =
  | 'frame'
  | 'home'
  | 'layers'
  | 'grid'
  | 'package'
  | 'square'
  | 'droplet'
  | 'ruler'
  | 'box'
  | 'square-stack'
  | 'paintbrush'
  | 'door-open'
  | 'bath'
  | 'utensils'
  | 'fence'
  | 'hammer'
  | 'flame';

export interface Faq {
  question: string;
  answer: string;
}

export interface Service {
  id: string;
  name: string;
  slug: string;
  /** One or two sentences, shown on cards (clamped to two lines). */
  description: string;
  icon: ServiceIcon;
  /** One or two real paragraphs; paragraphs separated by a blank line ("\n\n"). */
  overview: string;
  typicalScope: readonly string[];
  materialsOptions: readonly string[];
  /** Exactly as the specification's timeline table gives it. */
  timeline: string;
  careTips: readonly string[];
  /** Exactly five. */
  faqs: readonly Faq[];
  /** Image name inside images/ (without extension), e.g. "services/framing". */
  image: string;
  /** Short alt text describing the service image. */
  imageAlt: string;
}

export interface Location {
  id: string;
  name: string;
  slug: string;
  headline: string;
  description: string;
  landmarks: readonly string[];
  neighborhoods: readonly string[];
  climateConsiderations: string;
}

/** The point of a photo its crops keep, in percent of its width (x) and height (y) from the top left. */
export interface PictureFocus {
  x: number;
  y: number;
}

/**
 * A photo the owner uploaded (his projects), made by the server into AVIF, WebP and JPEG at each
 * of `widths` (server/services/projects/project-photos.ts) and served under /img/projects/.
 */
export interface UploadedPhoto {
  id: string;
  /** Size of the largest variant: the picture's shape, so nothing shifts as it loads. */
  width: number;
  height: number;
  /** The variants' widths, smallest first. */
  widths: readonly number[];
  /** A tiny blurred copy (a data: URL of a few hundred bytes) shown until the photo is in. */
  placeholder: string;
  /** Only lossless PNG variants (a payment QR code the owner put in: kept sharp), no AVIF/WebP/JPEG. */
  format?: 'png';
  /** The point every crop of it keeps (his photos in place of the drawings); none: the middle. */
  focus?: PictureFocus;
}

/** A picture of the gallery: an image name inside images/ (the built-in six), or an owner's uploaded photo. */
export type GalleryImage = string | UploadedPhoto;

export interface GalleryItem {
  id: string;
  /** Image names inside images/ (without extension), e.g. "gallery/deck-rebuild-before", or uploaded photos. */
  beforeImage: GalleryImage;
  afterImage: GalleryImage;
  beforeAlt: string;
  afterAlt: string;
  serviceType: string;
  caption: string;
  problem: string;
  solution: string;
  location: string;
  /** The project's own page (the owner's projects have one; the built-in six do not). */
  href?: string;
}

export interface NavItem {
  name: string;
  href: string;
}

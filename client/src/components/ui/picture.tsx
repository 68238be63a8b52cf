import type { GalleryImage, UploadedPhoto } from '@shared/content/types';
import {
  imageKindFolders,
  imageKinds,
  imageUrl,
  uploadedImageUrl,
  type ImageFormat,
  type ImageKind,
} from '@shared/images';
import { objectPositionOf } from '@shared/schemas/site-pictures';
import { useSiteContent } from '@/lib/site-content';

const defaultPictureSizes = '(min-width: 1024px) 50vw, 100vw';

/**
 * Path of an image under /img without width and extension: 'framing' of kind 'service' becomes
 * 'services/framing'; a name that already holds a folder ('services/framing') is kept.
 */
export function imagePath(name: string, kind: ImageKind): string {
  return name.includes('/') ? name : `${imageKindFolders[kind]}/${name}`;
}

/** srcset of one format with every width of the kind, e.g. "/img/services/framing-480.webp 480w, ...". */
function imageSrcSet(name: string, kind: ImageKind, format: ImageFormat): string {
  const p = imagePath(name, kind);
  return imageKinds[kind].widths.map((w) => `${imageUrl(p, w, format)} ${w}w`).join(', ');
}

/** The JPEG used as src: the middle width of the kind. */
function imageFallbackSrc(name: string, kind: ImageKind): string {
  const { widths } = imageKinds[kind];
  return imageUrl(imagePath(name, kind), widths[Math.floor(widths.length / 2)]!, 'jpg');
}

/** The uploaded photo's variants of one format, e.g. "/img/projects/<id>-480.webp 480w, ...". */
function uploadedSrcSet(photo: UploadedPhoto, format: ImageFormat | 'png'): string {
  return photo.widths.map((w) => `${uploadedImageUrl(photo.id, w, format)} ${w}w`).join(', ');
}

interface PictureProps {
  /**
   * Image name, e.g. 'framing' (folder from kind) or 'services/framing'; or a photo the owner
   * uploaded, with its own widths, shape and placeholder.
   */
  name: GalleryImage;
  kind: ImageKind;
  alt: string;
  /** Above-the-fold image (hero, LCP): eager loading and high fetch priority. */
  priority?: boolean;
  sizes?: string;
  className?: string;
  imgClassName?: string;
}

/**
 * The first screen's largest picture reports its first paint (the Element Timing API): the code
 * fetched ahead for a later click waits for it (app/navigation/start-router.ts).
 */
const firstScreenTiming = { elementtiming: 'first-screen' } as const;

/**
 * Responsive image built by scripts/images/ (npm run images), or an owner's photo made the same way
 * by the server: AVIF and WebP sources plus a JPEG <img>. Width and height come from the kind (or
 * the uploaded photo), so the browser reserves the space before the image loads. A drawn picture
 * the owner put his own photo in place of (/owner/photos: the content's `pictures`) shows his
 * photo, in the same shape; a QR code of his is lossless PNG only.
 */
export function Picture({
  name,
  kind,
  alt,
  priority = false,
  sizes = defaultPictureSizes,
  className,
  imgClassName,
}: PictureProps) {
  const { pictures } = useSiteContent();
  const uploaded = typeof name === 'string' ? (pictures[imagePath(name, kind)] ?? null) : name;
  const { width, height } = uploaded ?? imageKinds[kind];
  // A QR code of the owner's is lossless PNG only: no AVIF or WebP sources, no blurred copy.
  const png = uploaded?.format === 'png';
  const srcSet = (format: ImageFormat) =>
    uploaded ? uploadedSrcSet(uploaded, format) : imageSrcSet(name as string, kind, format);
  const src = !uploaded
    ? imageFallbackSrc(name as string, kind)
    : png
      ? uploadedImageUrl(uploaded.id, uploaded.widths.at(-1)!, 'png')
      : uploadedImageUrl(uploaded.id, uploaded.widths[Math.floor(uploaded.widths.length / 2)]!, 'jpg');
  return (
    <picture className={className}>
      {png ? null : <source type="image/avif" srcSet={srcSet('avif')} sizes={sizes} />}
      {png ? null : <source type="image/webp" srcSet={srcSet('webp')} sizes={sizes} />}
      <img
        src={src}
        srcSet={png && uploaded ? uploadedSrcSet(uploaded, 'png') : srcSet('jpg')}
        sizes={sizes}
        width={width}
        height={height}
        alt={alt}
        // The largest picture of the first screen is painted with the page, not in a later frame.
        decoding={priority ? undefined : 'async'}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority && !png ? 'high' : undefined}
        {...(priority ? firstScreenTiming : undefined)}
        className={imgClassName}
        // An uploaded photo shows its tiny blurred copy until it is in (the photo paints over it),
        // and every box that crops it keeps the point the owner picked (/owner/photos).
        style={
          uploaded && !png
            ? {
                backgroundImage: `url(${uploaded.placeholder})`,
                backgroundSize: 'cover',
                ...(uploaded.focus
                  ? {
                      objectPosition: objectPositionOf(uploaded.focus),
                      backgroundPosition: objectPositionOf(uploaded.focus),
                    }
                  : {}),
              }
            : undefined
        }
      />
    </picture>
  );
}

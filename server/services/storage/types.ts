import type { Readable } from 'node:stream';
import type { PhotoContentType } from '@shared/schemas/quote-request';

export interface UploadTicket {
  /** Absolute URL that accepts one PUT of the photo; without its query string it becomes the photoUrl. */
  uploadURL: string;
  key: string;
}

export interface UploadOptions {
  /** The site's origin as the browser sees it; local-disk upload URLs point there. */
  origin: string;
  /** The photo's type, when the browser names it before uploading (S3 signs it into the URL). */
  contentType?: PhotoContentType;
}

/** Where quote photos go. Picked at start-up: S3 when S3_BUCKET is set, otherwise local disk. */
export interface PhotoStorage {
  readonly kind: 'local-disk' | 's3';
  /** Origin the browser PUTs to when it is not the site itself; the CSP's connect-src allows it. */
  readonly uploadOrigin?: string;
  createUpload(options: UploadOptions): Promise<UploadTicket>;
  /**
   * True only when `url` names a photo this storage issued and that was really uploaded as an
   * accepted image. `origin` is the site's origin for this request (local-disk URLs live there).
   */
  isOwnPhotoUrl(url: string, context: { origin: string }): Promise<boolean>;
}

export interface StoredPhoto {
  file: string;
  contentType: PhotoContentType;
  size: number;
}

/** Local disk: the API itself receives the PUT on a signed URL and serves the photo back. */
export interface LocalDiskStorage extends PhotoStorage {
  readonly kind: 'local-disk';
  /** 'valid', or why the upload URL is refused. */
  checkUploadUrl(key: string, expires: unknown, signature: unknown): 'valid' | 'invalid' | 'expired';
  /**
   * Streams one upload to disk. Throws HttpError 415 (not an accepted image), 413 (over the limit)
   * or 409 (the key already has a photo). Nothing is kept when it fails.
   */
  saveUpload(
    key: string,
    upload: { contentType: string | undefined; length: number | undefined; body: Readable },
  ): Promise<StoredPhoto>;
  findPhoto(key: string): Promise<StoredPhoto | null>;
}

export function isLocalDisk(storage: PhotoStorage): storage is LocalDiskStorage {
  return storage.kind === 'local-disk';
}

import type { Readable } from 'node:stream';
import type { PhotoContentType } from '@shared/schemas/quote-request';

export interface UploadTicket {
  /** Absolute URL that accepts one PUT of the photo; without its query string it becomes the photoUrl. */
  uploadURL: string;
  key: string;
}

export interface UploadOptions {
  /** One of the site's configured origins (server/http/site-origins.ts); local-disk upload URLs point there. */
  origin: string;
  /** The photo's type, when the browser names it before uploading (S3 signs it into the URL). */
  contentType?: PhotoContentType;
}

export interface StoredUpload {
  key: string;
  photoUrl: string;
}

export interface PhotoBytes {
  contentType: PhotoContentType;
  content: Buffer;
}

/** Where quote photos go. Picked at start-up: S3 when S3_BUCKET is set, otherwise local disk. */
export interface PhotoStorage {
  readonly kind: 'local-disk' | 's3';
  /** Origin the browser PUTs to when it is not the site itself; the CSP's connect-src allows it. */
  readonly uploadOrigin?: string;
  createUpload(options: UploadOptions): Promise<UploadTicket>;
  /**
   * The key of `url` when it has exactly the shape of a photoUrl this storage hands out (on one of
   * the site's `origins` for local disk, in its bucket for S3); null otherwise. No I/O.
   */
  keyOf(url: string, origins: readonly string[]): string | null;
  /**
   * True only when a photo was really uploaded under `key` and is an accepted image that decodes
   * completely. S3 receives the browser's upload directly, so there this is where the photo is
   * checked and rewritten without its metadata; local disk did both when the upload arrived.
   */
  hasPhoto(key: string): Promise<boolean>;
  /** The photo's bytes when it is at most `maxBytes` (for e-mail attachments), otherwise null. */
  readPhoto(key: string, maxBytes: number): Promise<PhotoBytes | null>;
  /**
   * A link the owner can open from an e-mail or the inbox: on the site (`siteOrigin`), or a
   * presigned S3 GET that works for `lifetimeSeconds` (default: the e-mail's seven days).
   */
  viewLink(key: string, siteOrigin: string, lifetimeSeconds?: number): Promise<string>;
  /**
   * Stores a photo the server received itself (the quote form posted without JavaScript) through
   * the same checks as an upload: an accepted type, at most 15 MB, decoding completely, stored
   * without its metadata. Returns its key and the photoUrl a quote refers to it by. Throws
   * HttpError 415 (not an accepted image) or 413 (too large).
   */
  storePhoto(photo: { content: Buffer; contentType: string | undefined }, origin: string): Promise<StoredUpload>;
  /** Removes the photo; a photo that is already gone is fine. */
  deletePhoto(key: string): Promise<void>;
  /** Every object stored, whatever it is, for the backups (server/services/backup). */
  readonly objects: StoredObjects;
}

/** One stored object as the backups see it. */
export interface StoredObjectInfo {
  key: string;
  bytes: number;
  modifiedAt: Date;
}

/**
 * Every object of a storage (request photos, and whatever else is stored beside them), listed,
 * read and written by key, and named the same whichever storage holds it: a request photo is
 * `<uuid>` on local disk and `<S3_PREFIX>/quote-photos/<yyyy>/<mm>/<uuid>` in S3, and
 * `quote-photos/<uuid>` in a backup; anything else keeps its path below the storage's folder.
 */
export interface StoredObjects {
  /** Every object, in key order (local disk: files still being uploaded left out). */
  list(): AsyncIterable<StoredObjectInfo>;
  /** The object's bytes and the type it is stored with (local disk: the image type its first bytes show). */
  read(key: string): Promise<{ content: Buffer; contentType: string | undefined }>;
  /** Stores `content` under `key`, replacing what is there. */
  write(key: string, content: Buffer, contentType: string | undefined): Promise<void>;
  /**
   * Stores the `bytes` bytes of `content` under `key` as they stream in, never whole in memory
   * (a restore's photos). The object appears only once the stream ended without error; a stream
   * that fails leaves what was there before.
   */
  writeStream(
    key: string,
    content: Readable,
    options: { contentType: string | undefined; bytes: number },
  ): Promise<void>;
  /** The SHA-256 (hex) of the object's bytes, read as a stream; null when there is no such object. */
  digest(key: string): Promise<string | null>;
  remove(key: string): Promise<void>;
  /** The storage-neutral name of `key` in a backup. */
  nameOf(key: string): string;
  /** The key a backup's `name` is stored under here; `storedAt` dates S3's folders. */
  keyFor(name: string, storedAt: Date): string;
  /** The URL this storage hands out for the object, as a request's photoUrl (local disk: on `siteOrigin`). */
  urlOf(key: string, siteOrigin: string): string;
}

/** A name in a backup: relative, of letters, digits, `.`, `_` and `-` separated by `/`, no `..`. */
export function isSafeObjectName(name: string): boolean {
  return (
    name.length <= 1024 &&
    /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(name) &&
    !name.split('/').some((part) => part === '.' || part === '..')
  );
}

/** Request photos' common name in a backup, whichever storage they come from. */
export const quotePhotoFolder = 'quote-photos';
export const uuidPattern = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';

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
   * Receives one upload, proves it decodes completely as an image and stores it without its
   * metadata. Throws HttpError 415 (not an accepted image), 413 (over the limit) or 409 (the key
   * already has a photo). Nothing is kept when it fails.
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

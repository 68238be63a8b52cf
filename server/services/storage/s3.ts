import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { maxPhotoBytes, photoMessages } from '@shared/schemas/quote-request';
import { HttpError } from '../errors';
import { acceptedContentType, sniffImageType, sniffLength } from './image-types';
import { cleanPhoto } from './photo-check';
import { isSafeObjectName, quotePhotoFolder, uuidPattern, type PhotoBytes, type PhotoStorage } from './types';

/** The commands, for the other stores in S3 (site images, backups), which load this module on first use. */
export { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand };

export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** S3-compatible services (MinIO, R2, Spaces...); unset for AWS itself. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Optional folder in the bucket; keys are `<prefix>/quote-photos/<yyyy>/<mm>/<uuid>`. */
  prefix?: string;
  /** Tests pass credentials; otherwise the SDK finds them (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, a role...). */
  credentials?: S3ClientConfig['credentials'];
}

/** A client for the bucket of `config` (also the nightly backups' when they go to S3). */
export function createS3Client(config: Omit<S3StorageConfig, 'bucket' | 'prefix'>): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // NOTE: by default (since 3.729) the SDK signs the CRC32 of an empty body into presigned PUTs,
    // so every real upload fails its checksum (aws/aws-sdk-js-v3#6994). S3 needs none here.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** How long a presigned upload URL accepts its PUT. */
export const uploadUrlLifetimeSeconds = 300;
/** How long the photo link in the owner's e-mail works (SigV4's longest). */
const viewLinkLifetimeSeconds = 7 * 24 * 3600;

/**
 * Photos in an S3 bucket, uploaded by the browser straight to a presigned PUT URL.
 *
 * Content type: when the browser names the type before uploading (`{ contentType }` on
 * POST /api/objects/upload) it is signed into the URL and S3 refuses a PUT with any other type.
 * The spec's client asks with an empty body and only knows the type when it uploads, so then the
 * URL is signed without a type (signing a guessed image/jpeg would break every PNG, HEIC...).
 * Either way a presigned PUT cannot cap the size or the number of PUTs, so the real check happens
 * when the photoUrl arrives with a quote: the object must exist under our prefix, carry an
 * accepted image type, be at most 15 MB and decode completely as an image; it is then written
 * back without its metadata.
 */
export async function createS3Storage(config: S3StorageConfig): Promise<PhotoStorage> {
  const client = createS3Client(config);
  const bucket = config.bucket;
  const prefix = config.prefix?.replace(/^\/+|\/+$/g, '');
  const folder = prefix ? `${prefix}/` : '';
  const keyPrefix = `${folder}${quotePhotoFolder}/`;
  const keyPattern = new RegExp(`^${keyPrefix.replace(/[.]/g, '\\.')}\\d{4}/\\d{2}/${uuidPattern}$`);

  const presignPut = (key: string, contentType?: string) =>
    getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: contentType }), {
      expiresIn: uploadUrlLifetimeSeconds,
      // NOTE: the S3 presigner leaves Content-Type unsigned unless asked to sign it.
      signableHeaders: contentType ? new Set(['content-type']) : undefined,
    });

  // The bucket's URL as the SDK writes it (virtual-hosted or path style), learned once by signing
  // a URL: photoUrls must start with exactly this. Keys use URL-safe characters only.
  let bucketBase: string;
  try {
    const probe = new URL(await presignPut('probe'));
    bucketBase = `${probe.origin}${probe.pathname.slice(0, -'probe'.length)}`;
  } catch (error) {
    throw new Error(
      `S3 storage: cannot sign upload URLs for bucket ${bucket} (are the AWS credentials set?): ${String(error)}`,
    );
  }

  /** The object when it exists, says it is an accepted image, is at most `maxBytes` and starts like one. */
  async function fetchPhoto(key: string, maxBytes: number): Promise<PhotoBytes | null> {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const contentType = acceptedContentType(object.ContentType);
      if (!contentType || Number(object.ContentLength ?? Infinity) > maxBytes) {
        (object.Body as { destroy?: () => void } | undefined)?.destroy?.();
        return null;
      }
      const content = Buffer.from((await object.Body?.transformToByteArray()) ?? new Uint8Array());
      if (content.length > maxBytes || sniffImageType(content.subarray(0, sniffLength)) === null) return null;
      return { contentType, content };
    } catch (error) {
      // 404 no such key, 403 the same without s3:ListBucket.
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 403 || status === 404) return null;
      throw error;
    }
  }

  const photoKey = (at: Date, id: string) =>
    `${keyPrefix}${at.getUTCFullYear()}/${String(at.getUTCMonth() + 1).padStart(2, '0')}/${id}`;
  const newKey = () => photoKey(new Date(), randomUUID());
  const photoKeyPattern = new RegExp(`^${quotePhotoFolder}/\\d{4}/\\d{2}/(${uuidPattern})$`);
  const photoNamePattern = new RegExp(`^${quotePhotoFolder}/(?:\\d{4}/\\d{2}/)?(${uuidPattern})$`);

  return {
    kind: 's3',
    uploadOrigin: new URL(bucketBase).origin,

    async createUpload({ contentType }) {
      const key = newKey();
      return { key, uploadURL: await presignPut(key, contentType) };
    },

    async storePhoto({ content, contentType }) {
      const claimed = acceptedContentType(contentType);
      if (!claimed) throw new HttpError(415, photoMessages.type);
      if (content.length > maxPhotoBytes) throw new HttpError(413, photoMessages.tooLarge);
      const cleaned = await cleanPhoto(content, claimed);
      if (!cleaned.ok) throw new HttpError(415, photoMessages.type);
      const key = newKey();
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: cleaned.content, ContentType: cleaned.contentType }),
      );
      return { key, photoUrl: `${bucketBase}${key}` };
    },

    keyOf(url) {
      if (!url.startsWith(bucketBase)) return null;
      const key = url.slice(bucketBase.length);
      return keyPattern.test(key) ? key : null;
    },

    async hasPhoto(key) {
      const photo = await fetchPhoto(key, maxPhotoBytes);
      if (!photo) return false;
      const cleaned = await cleanPhoto(photo.content, photo.contentType);
      if (!cleaned.ok) return false;
      // A photo that was clean already comes back as the same bytes: nothing to write back.
      if (cleaned.content === photo.content && cleaned.contentType === photo.contentType) return true;
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: cleaned.content, ContentType: cleaned.contentType }),
      );
      return true;
    },

    readPhoto: fetchPhoto,

    viewLink(key, _siteOrigin, lifetimeSeconds = viewLinkLifetimeSeconds) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), {
        expiresIn: lifetimeSeconds,
      });
    },

    async deletePhoto(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    // Every object below the prefix (the whole bucket without one).
    objects: {
      async *list() {
        let token: string | undefined;
        do {
          const page = await client.send(
            new ListObjectsV2Command({ Bucket: bucket, Prefix: folder || undefined, ContinuationToken: token }),
          );
          for (const object of page.Contents ?? []) {
            if (!object.Key || object.Key.endsWith('/')) continue;
            yield { key: object.Key, bytes: Number(object.Size ?? 0), modifiedAt: object.LastModified ?? new Date(0) };
          }
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
      },
      async read(key) {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const content = Buffer.from((await object.Body?.transformToByteArray()) ?? new Uint8Array());
        return { content, contentType: object.ContentType };
      },
      async write(key, content, contentType) {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: content, ContentType: contentType }));
      },
      async writeStream(key, content, { contentType, bytes }) {
        // S3 stores an object only when the whole body arrived: a stream that fails stores nothing.
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: content,
            ContentLength: bytes,
            ContentType: contentType,
          }),
        );
      },
      async digest(key) {
        try {
          const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
          const hash = createHash('sha256');
          await pipeline(object.Body as Readable, hash);
          return hash.digest('hex');
        } catch (error) {
          const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
          if (status === 404 || (error as { name?: string }).name === 'NoSuchKey') return null;
          throw error;
        }
      },
      async remove(key) {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      },
      nameOf(key) {
        const name = key.startsWith(folder) ? key.slice(folder.length) : key;
        const photo = photoKeyPattern.exec(name);
        return photo ? `${quotePhotoFolder}/${photo[1]}` : name;
      },
      keyFor(name, storedAt) {
        const photo = photoNamePattern.exec(name);
        if (photo) return photoKey(storedAt, photo[1]!);
        if (!isSafeObjectName(name)) throw new Error(`Not a storable object name: ${name}`);
        return `${folder}${name}`;
      },
      urlOf: (key) => `${bucketBase}${key}`,
    },
  };
}

import { randomUUID } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { maxPhotoBytes } from '@shared/schemas/quote-request';
import { acceptedContentType, sniffImageType, sniffLength } from './image-types';
import type { PhotoStorage } from './types';

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

/** How long a presigned upload URL accepts its PUT. */
export const uploadUrlLifetimeSeconds = 300;

const uuidPattern = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';

/**
 * Photos in an S3 bucket, uploaded by the browser straight to a presigned PUT URL.
 *
 * Content type: when the browser names the type before uploading (`{ contentType }` on
 * POST /api/objects/upload) it is signed into the URL and S3 refuses a PUT with any other type.
 * The spec's client asks with an empty body and only knows the type when it uploads, so then the
 * URL is signed without a type (signing a guessed image/jpeg would break every PNG, HEIC...).
 * Either way a presigned PUT cannot cap the size or the number of PUTs, so the real check happens
 * when the photoUrl arrives with a quote: the object must exist under our prefix, carry an
 * accepted image type, be at most 15 MB and start with an image's magic bytes.
 */
export async function createS3Storage(config: S3StorageConfig): Promise<PhotoStorage> {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // NOTE: by default (since 3.729) the SDK signs the CRC32 of an empty body into presigned PUTs,
    // so every real upload fails its checksum (aws/aws-sdk-js-v3#6994). S3 needs none here.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const bucket = config.bucket;
  const prefix = config.prefix?.replace(/^\/+|\/+$/g, '');
  const keyPrefix = `${prefix ? `${prefix}/` : ''}quote-photos/`;
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

  return {
    kind: 's3',
    uploadOrigin: new URL(bucketBase).origin,

    async createUpload({ contentType }) {
      const now = new Date();
      const month = String(now.getUTCMonth() + 1).padStart(2, '0');
      const key = `${keyPrefix}${now.getUTCFullYear()}/${month}/${randomUUID()}`;
      return { key, uploadURL: await presignPut(key, contentType) };
    },

    async isOwnPhotoUrl(url) {
      if (!url.startsWith(bucketBase)) return false;
      const key = url.slice(bucketBase.length);
      if (!keyPattern.test(key)) return false;
      try {
        // One ranged GET answers everything: exists, type, total size and the first bytes.
        const object = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${sniffLength - 1}` }),
        );
        const head = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
        const size = Number(/\/(\d+)$/.exec(object.ContentRange ?? '')?.[1] ?? object.ContentLength ?? Infinity);
        return (
          acceptedContentType(object.ContentType) !== null && size <= maxPhotoBytes && sniffImageType(head) !== null
        );
      } catch (error) {
        // 404 no such key, 403 the same without s3:ListBucket, 416 an empty object.
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 403 || status === 404 || status === 416) return false;
        throw error;
      }
    },
  };
}

import { randomUUID } from 'node:crypto';
import { readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { makePrivateFolder, writePrivateFile } from '../../private-files';
import { s3ClientOnFirstUse } from './load-s3';
import type { S3StorageConfig } from './s3';

/**
 * Where the owner's project photos (and his photos in place of the site's drawings, services/pictures/) live once made into their variants (and their cleaned
 * originals): local disk (DATA_DIR/uploads/project-photos, beside the quote photos, so a backup holds them
 * as objects of the storage whichever one it moves to) or, with S3_BUCKET, the same private bucket as
 * the quote photos under `<prefix>/project-photos/`. The site serves them from its own address
 * (routes/project-images.ts); names are made by the server only (`<uuid>-<width>.<ext>` and the like).
 */
export interface SiteImageStore {
  readonly kind: 'local-disk' | 's3';
  put(name: string, body: Buffer, contentType: string): Promise<void>;
  get(name: string): Promise<Buffer | null>;
  delete(name: string): Promise<void>;
}

const safeName = /^[0-9a-f-]{36}(?:_[0-9a-f-]{36})?(?:-[a-z0-9]+)?\.(?:avif|webp|jpg|png)$/;

function checked(name: string): string {
  if (!safeName.test(name)) throw new Error(`Not an image name of the site: ${name}`);
  return name;
}

export function createLocalSiteImages(dir: string): SiteImageStore {
  return {
    kind: 'local-disk',
    async put(name, body) {
      await makePrivateFolder(dir);
      const file = path.join(dir, checked(name));
      // Written whole, then moved into place: a reader never sees half a file.
      await writePrivateFile(file, body, { temp: `${file}.${randomUUID()}.part` });
    },
    async get(name) {
      if (!safeName.test(name)) return null;
      return readFile(path.join(dir, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
    },
    async delete(name) {
      await unlink(path.join(dir, checked(name))).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
  };
}

/** The AWS SDK is loaded, and the client made, when the first image is stored or read. */
export function createS3SiteImages(config: S3StorageConfig): SiteImageStore {
  const sdk = s3ClientOnFirstUse(config);
  const prefix = config.prefix?.replace(/^\/+|\/+$/g, '');
  const key = (name: string) => `${prefix ? `${prefix}/` : ''}project-photos/${checked(name)}`;
  return {
    kind: 's3',
    async put(name, body, contentType) {
      const { s3, client } = await sdk();
      await client.send(
        new s3.PutObjectCommand({ Bucket: config.bucket, Key: key(name), Body: body, ContentType: contentType }),
      );
    },
    async get(name) {
      if (!safeName.test(name)) return null;
      const { s3, client } = await sdk();
      try {
        const object = await client.send(new s3.GetObjectCommand({ Bucket: config.bucket, Key: key(name) }));
        return Buffer.from((await object.Body?.transformToByteArray()) ?? new Uint8Array());
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 403 || status === 404) return null;
        throw error;
      }
    },
    async delete(name) {
      const { s3, client } = await sdk();
      await client.send(new s3.DeleteObjectCommand({ Bucket: config.bucket, Key: key(name) }));
    },
  };
}

/** No project photo storage (tests of other parts): nothing is served, nothing can be stored. */
export const noSiteImages: SiteImageStore = {
  kind: 'local-disk',
  put: async () => {
    throw new Error('No project photo storage configured');
  },
  get: async () => null,
  delete: async () => {},
};

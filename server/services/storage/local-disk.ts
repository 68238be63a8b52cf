import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, open, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { finished, Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { maxPhotoBytes, photoMessages, type PhotoContentType } from '@shared/schemas/quote-request';
import { makePrivateFolder, openPrivateFile, writePrivateFile } from '../../private-files';
import { HttpError } from '../errors';
import { acceptedContentType, sniffImageType, sniffLength } from './image-types';
import { cleanPhoto } from './photo-check';
import {
  isSafeObjectName,
  quotePhotoFolder,
  uuidPattern,
  type LocalDiskStorage,
  type StoredObjectInfo,
  type StoredObjects,
  type StoredPhoto,
} from './types';
import { checkUploadSignature, signUpload } from './url-signing';

/** How long an upload URL accepts its PUT. */
export const uploadUrlLifetimeMs = 5 * 60_000;

/** Keys are random UUIDs the server chose; nothing else is ever a file name. */
const keyPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const isLocalKey = (key: string) => keyPattern.test(key);

/** Path of a stored photo on this site; the photoUrl is the site's origin followed by it. */
const localObjectPath = (key: string) => `/api/objects/${key}`;

/**
 * Photos in `dir` (DATA_DIR/uploads), one file per key. An upload is written to `<key>.part`,
 * decoded completely and rewritten without its metadata (a phone photo's GPS position is the
 * homeowner's house), and hard-linked to `<key>` only then, so a key never holds a partial,
 * refused or unclean file, and a second upload to the same key can never replace the first.
 */
export async function createLocalDiskStorage(options: {
  dir: string;
  secret: string;
  now?: () => number;
}): Promise<LocalDiskStorage> {
  const dir = path.resolve(options.dir);
  const now = options.now ?? Date.now;
  await makePrivateFolder(dir);
  const fileFor = (key: string) => path.join(dir, key);

  async function findPhoto(key: string): Promise<StoredPhoto | null> {
    if (!isLocalKey(key)) return null;
    const file = fileFor(key);
    const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!handle) return null;
    try {
      const { size } = await handle.stat();
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(sniffLength), 0, sniffLength, 0);
      const contentType = sniffImageType(buffer.subarray(0, bytesRead));
      return contentType ? { file, contentType, size } : null;
    } finally {
      await handle.close();
    }
  }

  const storage: LocalDiskStorage = {
    kind: 'local-disk',

    async createUpload({ origin }) {
      const key = randomUUID();
      const expires = now() + uploadUrlLifetimeMs;
      const query = `expires=${expires}&signature=${signUpload(options.secret, key, expires)}`;
      return { key, uploadURL: `${new URL(origin).origin}${localObjectPath(key)}?${query}` };
    },

    async storePhoto({ content, contentType }, origin) {
      const key = randomUUID();
      await storage.saveUpload(key, { contentType, length: content.length, body: Readable.from([content]) });
      return { key, photoUrl: `${new URL(origin).origin}${localObjectPath(key)}` };
    },

    keyOf(url, origins) {
      const key = /\/api\/objects\/([^/?#]+)$/.exec(url)?.[1];
      if (!key || !isLocalKey(key)) return null;
      // Exactly a URL we hand out minus its query: one of our origins, no query, no fragment.
      return origins.some((origin) => url === `${origin}${localObjectPath(key)}`) ? key : null;
    },

    async hasPhoto(key) {
      return (await findPhoto(key)) !== null;
    },

    async readPhoto(key, maxBytes) {
      const photo = await findPhoto(key);
      if (!photo || photo.size > maxBytes) return null;
      return { contentType: photo.contentType, content: await readFile(photo.file) };
    },

    async viewLink(key, siteOrigin) {
      return `${siteOrigin}${localObjectPath(key)}`;
    },

    async deletePhoto(key) {
      if (!isLocalKey(key)) return;
      await unlink(fileFor(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },

    checkUploadUrl(key, expires, signature) {
      if (!isLocalKey(key)) return 'invalid';
      return checkUploadSignature(options.secret, key, expires, signature, now());
    },

    async saveUpload(key, upload) {
      if (!isLocalKey(key)) throw new HttpError(404, 'Not found');
      if (!acceptedContentType(upload.contentType)) throw new HttpError(415, photoMessages.type);
      if (upload.length !== undefined && upload.length > maxPhotoBytes)
        throw new HttpError(413, photoMessages.tooLarge);
      const file = fileFor(key);
      const partFile = `${file}.part`;
      if ((await findPhoto(key)) !== null) throw alreadyUsed();
      const handle = await openPrivateFile(partFile, 'wx').catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'EEXIST' ? alreadyUsed() : error;
      });
      const guard = new PhotoGuard();
      try {
        await receive(upload.body, guard, handle.createWriteStream());
        const received = await readFile(partFile);
        const cleaned = await cleanPhoto(received, guard.sniffed!);
        if (!cleaned.ok) throw new HttpError(415, photoMessages.type);
        if (cleaned.content !== received) await writeFile(partFile, cleaned.content);
        await link(partFile, file).catch((error: NodeJS.ErrnoException) => {
          throw error.code === 'EEXIST' ? alreadyUsed() : error;
        });
        return { file, contentType: cleaned.contentType, size: cleaned.content.length };
      } finally {
        await unlink(partFile).catch(() => {});
      }
    },

    findPhoto,

    objects: localObjects(dir),
  };
  return storage;
}

const photoName = new RegExp(`^${quotePhotoFolder}/(?:\\d{4}/\\d{2}/)?(${uuidPattern})$`);

/**
 * Every file below `dir` as an object: a request photo is the file named by its key; anything
 * else stored there keeps its path (`projects/abc.webp`). Files still being received (`.part`)
 * are left out.
 */
function localObjects(dir: string): StoredObjects {
  const fileOf = (key: string) => {
    if (!isSafeObjectName(key)) throw new Error(`Not a storable object name: ${key}`);
    return path.join(dir, ...key.split('/'));
  };
  async function* walk(folder: string, prefix: string): AsyncGenerator<StoredObjectInfo> {
    const entries = await readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const key = `${prefix}${entry.name}`;
      if (entry.isDirectory()) yield* walk(path.join(folder, entry.name), `${key}/`);
      else if (entry.isFile() && !entry.name.endsWith('.part') && isSafeObjectName(key)) {
        const info = await stat(path.join(folder, entry.name)).catch(() => null);
        if (info) yield { key, bytes: info.size, modifiedAt: info.mtime };
      }
    }
  }
  return {
    list: () => walk(dir, ''),
    async read(key) {
      const content = await readFile(fileOf(key));
      return { content, contentType: sniffImageType(content.subarray(0, sniffLength)) ?? undefined };
    },
    async write(key, content) {
      const file = fileOf(key);
      await makePrivateFolder(path.dirname(file));
      await writePrivateFile(file, content, { temp: `${file}.${randomUUID()}.part` });
    },
    async writeStream(key, content) {
      const file = fileOf(key);
      await makePrivateFolder(path.dirname(file));
      const partFile = `${file}.${randomUUID()}.part`;
      try {
        await pipeline(content, createWriteStream(partFile, { mode: 0o600, flags: 'wx' }));
        await rename(partFile, file);
      } catch (error) {
        await unlink(partFile).catch(() => {});
        throw error;
      }
    },
    async digest(key) {
      const hash = createHash('sha256');
      try {
        await pipeline(createReadStream(fileOf(key)), hash);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      return hash.digest('hex');
    },
    async remove(key) {
      await unlink(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
    nameOf: (key) => (isLocalKey(key) ? `${quotePhotoFolder}/${key}` : key),
    keyFor: (name) => photoName.exec(name)?.[1] ?? name,
    urlOf: (key, siteOrigin) => `${new URL(siteOrigin).origin}${localObjectPath(key)}`,
  };
}

const alreadyUsed = () => new HttpError(409, 'This upload link has already been used. Please attach the photo again.');

/**
 * Copies the request body into the file through the guard. Unlike pipeline(), a refused upload
 * does not destroy the request: the rest of the body is read and dropped, so the client still
 * receives the 413/415 answer instead of a reset connection.
 */
async function receive(body: Readable, guard: PhotoGuard, sink: NodeJS.WritableStream): Promise<void> {
  const written = pipeline(guard, sink);
  const stopWatching = finished(body, (error) => {
    if (error) guard.destroy(new HttpError(400, 'The upload was interrupted. Please try again.'));
  });
  body.pipe(guard);
  try {
    await written;
  } catch (error) {
    body.unpipe(guard);
    body.resume();
    throw error;
  } finally {
    stopWatching();
  }
}

/** Counts bytes (413 past the limit) and checks the first bytes are an accepted image (415). */
class PhotoGuard extends Transform {
  bytes = 0;
  sniffed: PhotoContentType | null = null;
  private head = Buffer.alloc(0);

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > maxPhotoBytes) return callback(new HttpError(413, photoMessages.tooLarge));
    if (this.head.length < sniffLength) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, sniffLength - this.head.length)]);
      if (this.head.length === sniffLength && !this.recognise())
        return callback(new HttpError(415, photoMessages.type));
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback) {
    if (!this.sniffed && !this.recognise()) return callback(new HttpError(415, photoMessages.type));
    callback();
  }

  private recognise(): boolean {
    this.sniffed = sniffImageType(this.head);
    return this.sniffed !== null;
  }
}

import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/client';
import { photoUploads } from '../db/schema';
import type { PhotoStorage, StoredUpload, UploadOptions } from './storage/types';

/**
 * Every photo that reaches storage, through an upload ticket or posted with the plain form, is
 * recorded: the maintenance sweep deletes those no quote request claims within 24 hours.
 */
export interface PhotoUploads {
  /** An upload URL for the browser's PUT (or the S3 bucket's), recorded as handed out. */
  createUpload(options: UploadOptions): Promise<string>;
  /**
   * Stores a photo the server received itself through the same checks as an upload (see
   * PhotoStorage.storePhoto: HttpError 415 or 413 when refused) and records it like one.
   */
  storePhoto(photo: { content: Buffer; contentType: string | undefined }, origin: string): Promise<StoredUpload>;
}

export function createPhotoUploads(deps: { storage: PhotoStorage; database: DatabaseHandle }): PhotoUploads {
  const { storage, database } = deps;
  return {
    async createUpload(options) {
      const ticket = await storage.createUpload(options);
      await database.db.insert(photoUploads).values({ key: ticket.key });
      return ticket.uploadURL;
    },
    async storePhoto(photo, origin) {
      const stored = await storage.storePhoto(photo, origin);
      await database.db.insert(photoUploads).values({ key: stored.key });
      return stored;
    },
  };
}

/** Marks an upload as used by a stored quote request (inside its transaction), so the sweep keeps it. */
export async function claimUpload(tx: Database, key: string): Promise<void> {
  await tx
    .insert(photoUploads)
    .values({ key, claimedAt: sql`now()` })
    .onConflictDoUpdate({ target: photoUploads.key, set: { claimedAt: sql`now()` } });
}

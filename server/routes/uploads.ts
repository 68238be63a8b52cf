import type { RequestHandler, Router } from 'express';
import { uploadRequestSchema } from '@shared/schemas/quote-request';
import { jsonBody } from '../http/json-body';
import { trustedOriginFor, type SiteOrigins } from '../http/site-origins';
import { assertJsonObject, HttpError } from '../services/errors';
import type { PhotoUploads } from '../services/photo-uploads';
import { isLocalDisk, type LocalDiskStorage, type PhotoStorage } from '../services/storage/types';

/**
 * POST /api/objects/upload -> { uploadURL }. The site's form sends an empty body:
 * the photo's type is checked when the file arrives (the PUT on local disk, the quote's photoUrl
 * with S3), with the same message. A client may still name the type up front ({ contentType }),
 * which S3 then signs into the URL. With local-disk storage also the signed
 * PUT that receives the photo and the GET that serves it at its photoUrl. Every ticket is
 * recorded, so that uploads no request claims within 24 hours can be deleted.
 */
export function uploadRoutes(
  router: Router,
  deps: { storage: PhotoStorage; photos: PhotoUploads; origins: SiteOrigins; limit: RequestHandler },
): void {
  const { storage, photos, origins, limit } = deps;
  router.post('/objects/upload', limit, jsonBody({ limitBytes: 1024, allowEmpty: true }), async (req, res) => {
    const { contentType } = parseUploadRequest(req.body);
    const uploadURL = await photos.createUpload({ origin: trustedOriginFor(req, origins), contentType });
    res.set('Cache-Control', 'no-store').json({ uploadURL });
  });
  if (isLocalDisk(storage)) localObjectRoutes(router, storage);
}

function parseUploadRequest(body: unknown) {
  if (body === undefined) return {};
  assertJsonObject(body);
  const parsed = uploadRequestSchema.safeParse(body);
  if (!parsed.success) throw new HttpError(415, parsed.error.issues[0]?.message ?? 'Unsupported photo type.');
  return parsed.data;
}

function localObjectRoutes(router: Router, storage: LocalDiskStorage) {
  router.put('/objects/:key', async (req, res) => {
    const key = String(req.params.key);
    const check = storage.checkUploadUrl(key, req.query.expires, req.query.signature);
    if (check === 'expired') throw new HttpError(403, 'This upload link has expired. Please attach the photo again.');
    if (check !== 'valid') throw new HttpError(403, 'This upload link is not valid.');
    const length = req.get('content-length');
    await storage.saveUpload(key, {
      contentType: req.get('content-type'),
      length: length === undefined ? undefined : Number(length),
      body: req,
    });
    res.status(200).json({ ok: true });
  });

  router.get('/objects/:key', async (req, res) => {
    const photo = await storage.findPhoto(String(req.params.key));
    if (!photo) throw new HttpError(404, 'Not found');
    // Keys never change content, so the photo can be cached for good.
    res.type(photo.contentType);
    res.set('X-Content-Type-Options', 'nosniff');
    res.set('Cache-Control', 'public, max-age=31536000, immutable');
    res.sendFile(photo.file, { cacheControl: false, lastModified: false });
  });
}

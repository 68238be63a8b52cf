import express, { type RequestHandler, type Router } from 'express';
import { maxProjectPhotoBytes, projectPhotoMessages } from '@shared/schemas/owner-projects';
import { focusOf } from '@shared/schemas/site-pictures';
import { HttpError } from '../services/errors';
import type { SitePictures } from '../services/pictures/site-pictures';

/**
 * /api/owner/pictures: the owner's photos in place of the site's drawn pictures (/owner/photos).
 *
 * - GET /pictures -> { pictures: OwnerPicture[] }, every place with his photo in use, if any
 * - PUT /pictures/:folder/:base?x=<0-100>&y=<0-100>[&confirm=<the QR code's text>] (the photo's bytes
 *   as the body) -> OwnerPicture, or 400/404/413/415 with the message to show (a QR code that cannot
 *   be read is a 400; one that opens no payment app is a 409 with its `qrText` until confirmed)
 * - DELETE /pictures/:folder/:base -> OwnerPicture: "Use the drawing" (his photo is set aside)
 * - POST /pictures/:folder/:base/put-back -> OwnerPicture: "Put my photo back"
 *
 * The variants are previewed through GET /api/owner/project-photos/:name (owner-projects.ts).
 */
export function ownerPictureRoutes(router: Router, deps: { pictures: SitePictures; sameOrigin: RequestHandler }): void {
  const { pictures, sameOrigin } = deps;
  const nameOf = (params: Record<string, unknown>) => `${String(params.folder)}/${String(params.base)}`;

  router.get('/pictures', async (_req, res) => {
    res.json({ pictures: await pictures.list() });
  });

  router.put('/pictures/:folder/:base', sameOrigin, photoBody, async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const confirm = req.query.confirm;
    res.json(
      await pictures.replace(nameOf(req.params), body, {
        focus: focusOf(req.query.x, req.query.y),
        confirmedQrText: typeof confirm === 'string' ? [confirm] : [],
      }),
    );
  });

  router.post('/pictures/:folder/:base/put-back', sameOrigin, async (req, res) => {
    res.json(await pictures.putBack(nameOf(req.params)));
  });

  router.delete('/pictures/:folder/:base', sameOrigin, async (req, res) => {
    res.json(await pictures.useDrawing(nameOf(req.params)));
  });
}

const rawBody = express.raw({ type: () => true, limit: maxProjectPhotoBytes });
/** The photo's bytes; too large a file gets the owner's message. */
const photoBody: RequestHandler = (req, res, next) =>
  rawBody(req, res, (error?: unknown) => {
    const status = (error as { status?: number } | undefined)?.status;
    next(status === 413 ? new HttpError(413, projectPhotoMessages.tooLarge) : error);
  });

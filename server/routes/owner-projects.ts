import express, { type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import { maxProjectPhotoBytes, projectDraftSchema, projectPhotoMessages } from '@shared/schemas/owner-projects';
import { jsonBody } from '../http/json-body';
import { HttpError } from '../services/errors';
import type { ProjectPhotos } from '../services/projects/project-photos';
import type { Projects } from '../services/projects/projects';
import type { SiteImageStore } from '../services/storage/site-images';

/**
 * /api/owner/projects and /api/owner/project-photos: the owner's before-and-after projects.
 * Mounted by ownerRoutes behind the session (401 without one); changes need the site's own Origin.
 *
 * - POST /project-photos (the photo's bytes as the body) -> 201 UploadedPhoto, or 400/413/415 with the message to show
 * - GET /project-photos/:name: a variant, for the form's preview (drafts' photos are not public)
 * - GET /projects, GET /projects/:id
 * - PUT /projects/:id { action: 'draft' | 'publish', ...fields }: the id is the app's, so a retry is the same save
 * - POST /projects/:id/unpublish
 */
export function ownerProjectRoutes(
  router: Router,
  deps: { projects: Projects; photos: ProjectPhotos; images: SiteImageStore; sameOrigin: RequestHandler },
): void {
  const { projects, photos, images, sameOrigin } = deps;

  router.post('/project-photos', sameOrigin, photoBody, async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    res.status(201).json(await photos.add(body));
  });

  router.get('/project-photos/:name', async (req, res) => {
    const name = String(req.params.name);
    const image = /\.(avif|webp|jpg|png)$/.exec(name) ? await images.get(name) : null;
    if (!image) throw new HttpError(404, 'There is no such photo.');
    res.type(
      name.endsWith('.avif')
        ? 'image/avif'
        : name.endsWith('.webp')
          ? 'image/webp'
          : name.endsWith('.png')
            ? 'image/png'
            : 'image/jpeg',
    );
    res.setHeader('Cache-Control', 'private, max-age=31536000, immutable');
    res.send(image);
  });

  router.get('/projects', async (_req, res) => {
    res.json({ projects: await projects.list() });
  });

  router.get('/projects/:id', async (req, res) => {
    const project = await projects.detail(projectId(req.params.id));
    if (!project) throw new HttpError(404, 'There is no such project.');
    res.json(project);
  });

  router.put('/projects/:id', sameOrigin, jsonBody({ limitBytes: 64 * 1024 }), async (req, res) => {
    const parsed = saveSchema.safeParse(req.body);
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'The project is not valid.');
    const { action, ...fields } = parsed.data;
    const id = projectId(req.params.id);
    if (action === 'publish' && fields.beforePhotoId && fields.afterPhotoId) {
      // The link preview's picture, made before the project goes live: should it fail, nothing is
      // published (the owner is told, and Publish again tries again), never a page without it.
      await photos.ensureShareImage(fields.beforePhotoId, fields.afterPhotoId);
    }
    res.json(await projects.save(id, fields, action));
  });

  router.post('/projects/:id/unpublish', sameOrigin, async (req, res) => {
    const project = await projects.unpublish(projectId(req.params.id));
    if (!project) throw new HttpError(404, 'There is no such project.');
    res.json(project);
  });
}

const rawBody = express.raw({ type: () => true, limit: maxProjectPhotoBytes });
/** The photo's bytes; too large a file gets the owner's message. */
const photoBody: RequestHandler = (req, res, next) =>
  rawBody(req, res, (error?: unknown) => {
    const status = (error as { status?: number } | undefined)?.status;
    next(status === 413 ? new HttpError(413, projectPhotoMessages.tooLarge) : error);
  });

const saveSchema = projectDraftSchema.extend({ action: z.enum(['draft', 'publish']) });

function projectId(value: unknown): string {
  const id = z.uuid().safeParse(value);
  if (!id.success) throw new HttpError(404, 'There is no such project.');
  return id.data.toLowerCase();
}

import type { RequestHandler } from 'express';
import { projectImagePrefix } from '@shared/images';
import type { SiteContentWatcher } from '../services/site-content/content-watcher';
import type { SiteImageStore } from '../services/storage/site-images';

const types: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };
const namePattern = /^([0-9a-f-]{36})(?:_([0-9a-f-]{36}))?-(\d+|share)\.(avif|webp|jpg|png)$/;

/**
 * GET /img/projects/<name>: the published projects' photos, from the site's own address whatever
 * the storage (the S3 bucket stays private). Only photos of projects the current content version
 * shows are served, and the owner's photos in place of drawings it shows (content.pictures): a
 * draft's photos, those of a project taken down, or a picture replaced, are a 404. A name never
 * changes content, so each is cached for a year.
 */
export function projectImages(deps: { images: SiteImageStore; siteContent: SiteContentWatcher }): RequestHandler {
  let publicPhotos: { version: number; ids: Set<string> } | undefined;
  const isPublic = (id: string) => {
    const { version, content } = deps.siteContent.current();
    if (publicPhotos?.version !== version) {
      const ids = content.projects.flatMap((project) => [project.before.photo.id, project.after.photo.id]);
      ids.push(...Object.values(content.pictures).map((picture) => picture.id));
      publicPhotos = { version, ids: new Set(ids) };
    }
    return publicPhotos.ids.has(id);
  };
  return async (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith(projectImagePrefix)) return next();
    const name = req.path.slice(projectImagePrefix.length);
    const match = namePattern.exec(name);
    if (!match || !isPublic(match[1]!) || (match[2] && !isPublic(match[2]))) return next();
    if (match[3] !== 'share' && match[2]) return next();
    try {
      const image = await deps.images.get(name);
      if (!image) return next();
      res.setHeader('Content-Type', types[match[4]!]!);
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Content-Length', image.length);
      if (req.method === 'HEAD') res.end();
      else res.end(image);
    } catch (error) {
      next(error);
    }
  };
}

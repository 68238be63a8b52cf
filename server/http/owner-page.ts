import type { RequestHandler } from 'express';

/**
 * The owner's inbox is its own small app: client/owner.html with its own entry, so no
 * public page ever downloads its code. Every path under /owner gets that page (the inbox routes
 * in the browser); no search engine may index any of it.
 */
export const ownerPageFile = 'owner.html';

export const isOwnerPath = (pathname: string) =>
  pathname === '/owner' || pathname.startsWith('/owner/') || pathname === `/${ownerPageFile}`;

export const ownerNoIndex: RequestHandler = (req, res, next) => {
  if (isOwnerPath(req.path)) res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  next();
};

import type { RequestHandler } from 'express';
import { normalisedPath } from './normalised-path';

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

/**
 * `/owner/reset/<token>` and `/owner/setup/<token>`: the pages of a password reset link and of the
 * first password's set-up link, routed in the browser by the owner's app
 * (client/src/owner/app/owner-app.tsx), not by Express: the request log hides their tokens by these names.
 */
export const resetPageRoute = '/owner/reset/:token';
export const setupPageRoute = '/owner/setup/:token';

/** Also in another spelling (`/owner/%72eset/…`, `/Owner//setup/…`): the owner's app serves the page for those too. */
export const isOneTimeLinkPath = (pathname: string) =>
  /^\/owner\/(reset|setup)\//.test(normalisedPath(pathname).toLowerCase());

/**
 * A one-time link's page keeps its token to itself: no Referer to anyone (its address holds the
 * token), no robot indexing it.
 */
export const oneTimeLinkPageHeaders: RequestHandler = (req, res, next) => {
  if (isOneTimeLinkPath(req.path)) {
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  }
  next();
};

import express, { type Request, type Router } from 'express';
import { pageViewSchema, viewBodyLimit, viewsPath } from '@shared/schemas/visitors';
import { HttpError } from '../services/errors';
import { isBotAgent } from '../services/lead-sources';
import type { ViewCounter } from '../services/visitors/view-counter';
import { fromThisSite } from './contact-taps';

const apiPrefix = '/api';

/**
 * POST /api/views: a page shown, sent by the page with navigator.sendBeacon (JSON `{ path,
 * referrer }` and the landing address's campaign tags, at most 2 KB) -> 204, and never a cookie.
 * Not counted, and still 204: bots, a browser asking not to be tracked (Do Not Track, Global
 * Privacy Control), a beacon that did not come from a page of the site, the owner signed in (his
 * session cookie is the only cookie read), and his app's pages. Garbage gets 400 and nothing is
 * stored; a reader's views past 30 a minute are not counted (services/visitors/view-counter.ts).
 */
export function viewRoutes(
  router: Router,
  deps: { counter: ViewCounter; origins: readonly string[]; isOwner: (req: Request) => Promise<boolean> },
): void {
  router.post(
    viewsPath.slice(apiPrefix.length),
    express.text({ type: () => true, limit: viewBodyLimit }),
    async (req, res) => {
      const userAgent = req.get('user-agent');
      if (isBotAgent(userAgent) || asksNotToBeTracked(req)) {
        res.status(204).end();
        return;
      }
      const view = typeof req.body === 'string' ? parseView(req.body) : null;
      if (!view) throw new HttpError(400, 'Send { "path": "/page", "referrer": "site.com" } as JSON.');
      if (!fromThisSite(req, deps.origins) || isOwnerPage(view.path) || (await deps.isOwner(req))) {
        res.status(204).end();
        return;
      }
      const referrer = view.referrer && isThisSite(view.referrer, deps.origins) ? undefined : view.referrer;
      const counted = await deps.counter.count(
        { ...view, referrer },
        { address: req.ip ?? 'unknown', userAgent: userAgent ?? '' },
      );
      // Past the bound the view is not counted, and the page is answered as ever: a 429 would be an
      // error in a reader's browser for a call that was never theirs to make.
      if (counted === 'limited') res.setHeader('Retry-After', '60');
      res.status(204).end();
    },
  );
}

const asksNotToBeTracked = (req: Request) => req.get('dnt') === '1' || req.get('sec-gpc') === '1';
const isOwnerPage = (path: string) => path === '/owner' || path.startsWith('/owner/');
const isThisSite = (host: string, origins: readonly string[]) =>
  origins.some((origin) => URL.canParse(origin) && new URL(origin).hostname === host);

function parseView(body: string) {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  const parsed = pageViewSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

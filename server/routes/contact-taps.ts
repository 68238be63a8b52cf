import express, { type Request, type Router } from 'express';
import { contactTapPath } from '@shared/lead-source';
import type { DatabaseHandle } from '../db/client';
import { rateLimitMessage, type PerMinuteCounter } from '../http/rate-limit';
import { HttpError } from '../services/errors';
import { createContactTapCounter } from '../services/contact-tap-counter';
import { isBotAgent, parseContactTap } from '../services/lead-sources';

const apiPrefix = '/api';

/**
 * POST /api/contact-taps: a tap on one of the site's call or text links, sent by the page with
 * navigator.sendBeacon (text/plain JSON `{ kind, page, source }`, at most 2 KB) -> 204. Nothing
 * about the visitor is stored: one more in the count of its day, source, page and kind, once per
 * visitor, page and kind in a few minutes (services/contact-tap-counter.ts). Bots, repeats and
 * beacons that did not come from a page of the site get 204 and are not counted; garbage gets 400,
 * a flood 429.
 */
export function contactTapRoutes(
  router: Router,
  deps: { database: DatabaseHandle; limit: PerMinuteCounter; origins: readonly string[] },
): void {
  const counter = createContactTapCounter(deps.database);
  router.post(
    contactTapPath.slice(apiPrefix.length),
    express.text({ type: () => true, limit: 2048 }),
    async (req, res) => {
      if (isBotAgent(req.get('user-agent'))) {
        res.status(204).end();
        return;
      }
      const limited = await deps.limit.check(req, res);
      if (limited.limited) {
        res.status(429).json({ error: rateLimitMessage });
        return;
      }
      const tap = typeof req.body === 'string' ? parseContactTap(req.body) : null;
      if (!tap) throw new HttpError(400, 'Send { "kind": "call" | "text", "page": "/path" } as JSON.');
      if (fromThisSite(req, deps.origins)) await counter.count(tap, req.ip ?? 'unknown');
      res.status(204).end();
    },
  );
}

/**
 * Whether a beacon came from a page of this site: browsers send Origin with every POST (a beacon
 * included); without one, only a browser's own Sec-Fetch-Site: same-origin will do. A script that
 * sends neither is not a visitor's tap.
 */
export function fromThisSite(req: Request, origins: readonly string[]): boolean {
  const origin = req.get('origin');
  if (origin !== undefined) return origins.includes(origin);
  return req.get('sec-fetch-site') === 'same-origin';
}

import express, { type Router } from 'express';
import { contactTapPath } from '@shared/lead-source';
import type { DatabaseHandle } from '../db/client';
import { rateLimitMessage, type PerMinuteCounter } from '../http/rate-limit';
import { HttpError } from '../services/errors';
import { isBotAgent, parseContactTap, recordContactTap } from '../services/lead-sources';

const apiPrefix = '/api';

/**
 * POST /api/contact-taps: a tap on one of the site's call or text links, sent by the page with
 * navigator.sendBeacon (text/plain JSON `{ kind, page, source }`, at most 2 KB) -> 204. Nothing
 * about the visitor is stored: one more in the count of its day, source, page and kind. Bots and
 * beacons from other sites get 204 and are not counted; garbage gets 400, a flood 429.
 */
export function contactTapRoutes(
  router: Router,
  deps: { database: DatabaseHandle; limit: PerMinuteCounter; origins: readonly string[] },
): void {
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
      // Browsers send Origin with a beacon: one from another site is not a tap on this one.
      const origin = req.get('origin');
      if (origin === undefined || deps.origins.includes(origin)) await recordContactTap(deps.database.db, tap);
      res.status(204).end();
    },
  );
}

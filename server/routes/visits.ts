import express, { type ErrorRequestHandler, type Request, type Response, type Router } from 'express';
import { visitBookingSchema, visitMessages, type VisitBooking } from '@shared/schemas/visits';
import { isDatabaseUnavailable } from '../db/errors';
import { retryAfterSeconds, unavailableMessage } from '../http/error-handler';
import { jsonBody } from '../http/json-body';
import { formBody } from '../http/request-body';
import { rateLimitMessage, type PerMinuteCounter } from '../http/rate-limit';
import { businessOf, sendHomeownerPage } from '../http/homeowner-shell';
import { visitPage, visitPageScript, visitPageScriptPath, type VisitPageView } from '../http/visit-page';
import { safeError } from '../logger';
import { HttpError } from '../services/errors';
import type { CalendarFeed } from '../services/visits/calendar-feed';
import { visitPath } from '../services/visits/visit-tokens';
import { VisitLimitReached, visitLimitMessages } from '../services/visits/visit-limits';
import { WindowTaken, type VisitService } from '../services/visits/visit-service';

export interface VisitRouteDeps {
  visits: VisitService;
  feed: CalendarFeed;
  /** RATE_LIMIT_PER_MINUTE per address, one allowance for the API and the page's forms. */
  limit: PerMinuteCounter;
}

/**
 * The booking API: GET /api/visits/<token> (the page's state), GET …/slots (the open windows),
 * POST … { start, address? } (201; 409 { error, next } when the window was just taken; 409
 * { error, limit, moveUrl? } when the homeowner has a visit already or his address has booked
 * VISIT_LIMIT_PER_ADDRESS (visit-limits.ts); 400 for a time not offered; again with the same
 * token: a move, 201, or 200 for the same time), DELETE … (cancels). And the owner's calendar feed, GET /api/calendar/<token>.ics.
 */
export function visitApiRoutes(router: Router, deps: VisitRouteDeps): void {
  const { visits, feed, limit } = deps;
  const noStore = (res: Response) => res.setHeader('Cache-Control', 'no-store');

  router.get('/visits/:token', limit.handler, async (req, res) => {
    noStore(res);
    res.json(await visits.state(tokenOf(req)));
  });

  router.get('/visits/:token/slots', limit.handler, async (req, res) => {
    noStore(res);
    res.json(await visits.slots(tokenOf(req)));
  });

  router.post('/visits/:token', limit.handler, jsonBody({ limitBytes: 2048 }), async (req, res) => {
    const booked = await visits.book(tokenOf(req), parseBooking(req.body), clientOf(req));
    // A new time booked (first or moved) is 201; the same time posted again changes nothing, 200.
    res.status(booked.outcome === 'unchanged' ? 200 : 201).json(booked);
  });

  router.delete('/visits/:token', limit.handler, async (req, res) => {
    await visits.cancel(tokenOf(req));
    res.json({ status: 'cancelled' });
  });

  // The parameter is `<token>.ics`; named token, so the request log hides it (http/token-paths.ts).
  router.get('/calendar/:token', async (req, res) => {
    const match = /^([A-Za-z0-9_-]{20,100})\.ics$/.exec(String(req.params.token));
    const body = match ? await feed.feed(match[1]!) : null;
    if (!body)
      throw new HttpError(404, 'There is no such calendar. Copy the current address from Visits in the owner’s app.');
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    res.type('text/calendar; charset=utf-8').send(body);
  });
}

/**
 * The booking page `/visit/<token>` as plain HTML (no JavaScript needed): GET shows the windows
 * or the booked visit; POST books or moves (the form's radio `start` and `address`); GET …/cancel
 * asks "Cancel your visit on …?" (the page's script asks in a dialog instead), POST …/cancel
 * cancels. Every answer is a whole page.
 */
export function visitPageRoutes(deps: VisitRouteDeps): Router {
  const { visits, limit } = deps;
  const router = express.Router();
  const form = formBody({ limit: '4kb', parameterLimit: 10 });

  const send = (res: Response, status: number, view: VisitPageView) =>
    sendHomeownerPage(res, status, visitPage({ ...view, business: businessOf(res) }));

  /** The page after a refusal: the message, and the windows as they are now. */
  const refused = async (req: Request, res: Response, path: string, error: unknown, sent: Partial<VisitBooking>) => {
    if (error instanceof WindowTaken) {
      const state = await visits.state(tokenOf(req));
      await send(res, 409, {
        path,
        state,
        notice: { tone: 'error', text: visitMessages.taken },
        next: error.next,
        picked: error.next[0]?.start,
        address: sent.address,
      });
      return;
    }
    if (error instanceof HttpError && (error.status === 404 || error.status === 410)) {
      await send(res, error.status, {
        path,
        gone: {
          title: error.status === 404 ? 'This link does not work' : 'This visit has taken place',
          text: error.message,
        },
      });
      return;
    }
    if (error instanceof HttpError && error.status < 500) {
      const state = await visits.state(tokenOf(req));
      // A second visit for one homeowner: the way to the one he has.
      const link =
        error instanceof VisitLimitReached && error.moveUrl
          ? { href: error.moveUrl, text: visitLimitMessages.moveLink }
          : undefined;
      await send(res, error.status, {
        path,
        state,
        notice: { tone: 'error', text: error.message, link },
        address: sent.address,
      });
      return;
    }
    if (isDatabaseUnavailable(error)) {
      res.setHeader('Retry-After', String(retryAfterSeconds));
      await send(res, 503, {
        path,
        gone: { title: 'Please try again in a moment', text: unavailableMessage(businessOf(res)) },
      });
      return;
    }
    req.log?.error({ error: safeError(error) }, 'visit page failed');
    await send(res, 500, {
      path,
      gone: { title: 'Something went wrong', text: 'Your visit was not changed. Please try again, or call us.' },
    });
  };

  router.get('/visit/:token', async (req, res) => {
    const path = visitPath(tokenOf(req));
    try {
      const limited = await limit.check(req, res);
      if (limited.limited) throw new HttpError(429, rateLimitMessage);
      await send(res, 200, { path, state: await visits.state(tokenOf(req)) });
    } catch (error) {
      await refused(req, res, path, error, {});
    }
  });

  router.get(visitPageScriptPath, (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/javascript').send(visitPageScript);
  });

  // Cancel my visit without scripts: the question on a page of its own, its button posts below.
  router.get('/visit/:token/cancel', async (req, res) => {
    const path = visitPath(tokenOf(req));
    try {
      const limited = await limit.check(req, res);
      if (limited.limited) throw new HttpError(429, rateLimitMessage);
      const state = await visits.state(tokenOf(req));
      await send(res, 200, { path, state, confirmCancel: true });
    } catch (error) {
      await refused(req, res, path, error, {});
    }
  });

  router.post('/visit/:token', form, async (req, res) => {
    const path = visitPath(tokenOf(req));
    const body = (req.body ?? {}) as Record<string, unknown>;
    const sent = {
      start: typeof body.start === 'string' ? body.start : undefined,
      address: typeof body.address === 'string' ? body.address : undefined,
    };
    try {
      const limited = await limit.check(req, res);
      if (limited.limited) throw new HttpError(429, rateLimitMessage);
      // The page asks for the street address: the owner drives there.
      if (!sent.address?.trim())
        throw new HttpError(400, visitMessages.address, { fieldErrors: { address: [visitMessages.address] } });
      const booked = await visits.book(tokenOf(req), parseBooking(sent), clientOf(req));
      // The heading says it is booked; the notice says what happened besides.
      const text =
        booked.outcome === 'rescheduled'
          ? 'Your visit was moved. We sent the new time to your e-mail.'
          : booked.outcome === 'unchanged'
            ? 'Nothing changed: this is the time you already had.'
            : 'Done! We sent the details and a calendar invitation to your e-mail.';
      await send(res, 200, { path, state: await visits.state(tokenOf(req)), notice: { tone: 'success', text } });
    } catch (error) {
      await refused(req, res, path, error, sent);
    }
  });

  router.post('/visit/:token/cancel', form, async (req, res) => {
    const path = visitPath(tokenOf(req));
    try {
      const limited = await limit.check(req, res);
      if (limited.limited) throw new HttpError(429, rateLimitMessage);
      await visits.cancel(tokenOf(req));
      await send(res, 200, {
        path,
        state: await visits.state(tokenOf(req)),
        notice: {
          tone: 'success',
          text: `${visitMessages.cancelled} The time is free again; pick another whenever you like.`,
        },
        cancelled: true,
      });
    } catch (error) {
      await refused(req, res, path, error, {});
    }
  });

  // A body the reader refused (a NUL, too long) comes here: the page again, with the address as typed.
  router.use('/visit/:token', ((error, req, res, next) => {
    if (req.method !== 'POST' || !(error instanceof HttpError)) return next(error);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const address = typeof body.address === 'string' ? body.address : undefined;
    refused(req, res, visitPath(tokenOf(req)), error, { address }).catch(next);
  }) satisfies ErrorRequestHandler);

  return router;
}

/** The homeowner booking, as the rate limit sees him (TRUST_PROXY decides what req.ip is): held to the visit limits. */
function clientOf(req: Request) {
  return { address: req.ip ?? 'unknown' };
}

function tokenOf(req: Request): string {
  return String(req.params.token ?? '');
}

function parseBooking(body: unknown): VisitBooking {
  const parsed = visitBookingSchema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HttpError(400, issue?.message ?? visitMessages.start, {
      fieldErrors: { [String(issue?.path[0] ?? 'start')]: [issue?.message] },
    });
  }
  return parsed.data;
}

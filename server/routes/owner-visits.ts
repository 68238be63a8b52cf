import type { Request, RequestHandler, Router } from 'express';
import { z, type ZodType } from 'zod';
import {
  ownerVisitCancelSchema,
  visitBlockSchema,
  visitBookingSchema,
  visitSettingsSchema,
} from '@shared/schemas/visits';
import { HttpError } from '../services/errors';
import { jsonBody } from '../http/json-body';
import { deviceLabel } from '../services/push/devices';
import type { CalendarFeed } from '../services/visits/calendar-feed';
import { ownerBookingMessages, type OwnerVisitBooking } from '../services/visits/owner-booking';
import type { VisitService } from '../services/visits/visit-service';

/**
 * The owner's side of the estimate visits, mounted by ownerRoutes behind the session: the
 * windows (weekly hours, length, horizon, least notice), days off and blocked times, the
 * upcoming visits, a request's visit (and booking, moving or cancelling it for the homeowner:
 * PUT { start, address? } answers `{ visit, outcome, warning }`, 201 for a new time, 200 for the
 * same; 409 when it overlaps another visit; DELETE { reason? } cancels), and the calendar feed's address (and
 * its revocation).
 */
export function ownerVisitRoutes(
  router: Router,
  deps: { visits: VisitService; feed: CalendarFeed; booking: OwnerVisitBooking; sameOrigin: RequestHandler },
): void {
  const { visits, feed, booking, sameOrigin } = deps;

  router.get('/visit-settings', async (_req, res) => {
    const [settings, blocks] = await Promise.all([visits.settings(), visits.blocks()]);
    res.json({ settings, blocks });
  });

  router.put('/visit-settings', sameOrigin, jsonBody({ limitBytes: 8 * 1024 }), async (req, res) => {
    res.json({ settings: await visits.saveSettings(parse(visitSettingsSchema, req.body)) });
  });

  router.post('/visit-blocks', sameOrigin, jsonBody({ limitBytes: 1024 }), async (req, res) => {
    res.status(201).json(await visits.addBlock(parse(visitBlockSchema, req.body)));
  });

  router.delete('/visit-blocks/:id', sameOrigin, async (req, res) => {
    const id = z.uuid().safeParse(req.params.id);
    if (!id.success || !(await visits.removeBlock(id.data))) throw new HttpError(404, 'There is no such blocked time.');
    res.status(204).end();
  });

  router.get('/visits', async (_req, res) => {
    res.json(await visits.upcoming());
  });

  router.get('/requests/:id/visit', async (req, res) => {
    res.json({ visit: await visits.forRequest(requestIdOf(req)) });
  });

  // The time agreed on the phone: booked (or moved) for the homeowner, who gets the usual e-mails.
  router.put('/requests/:id/visit', sameOrigin, jsonBody({ limitBytes: 2048 }), async (req, res) => {
    const id = requestIdOf(req);
    const booked = await booking.book(id, parse(visitBookingSchema, req.body), deviceLabel(req.get('user-agent')));
    if (!booked) throw new HttpError(404, ownerBookingMessages.notFound);
    res.status(booked.outcome === 'unchanged' ? 200 : 201).json(booked);
  });

  // His reason, optional, is told to the homeowner; a DELETE without a body cancels without one.
  router.delete(
    '/requests/:id/visit',
    sameOrigin,
    jsonBody({ limitBytes: 4096, allowEmpty: true }),
    async (req, res) => {
      const id = requestIdOf(req);
      const { reason } = parse(ownerVisitCancelSchema, req.body ?? {});
      const cancelled = await booking.cancel(id, deviceLabel(req.get('user-agent')), reason || null);
      if (cancelled === null) throw new HttpError(404, ownerBookingMessages.notFound);
      if (!cancelled) throw new HttpError(404, ownerBookingMessages.noVisit);
      res.json({ status: 'cancelled' });
    },
  );

  router.get('/calendar-feed', async (_req, res) => {
    res.json({ url: await feed.url() });
  });

  // A new secret address; calendars subscribed to the old one get nothing more.
  router.post('/calendar-feed/revoke', sameOrigin, async (_req, res) => {
    res.json({ url: await feed.revoke() });
  });
}

function requestIdOf(req: Request): string {
  const id = z.uuid().safeParse(req.params.id);
  if (!id.success) throw new HttpError(404, ownerBookingMessages.notFound);
  return id.data.toLowerCase();
}

function parse<T>(schema: ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? 'The request is not valid.');
  return result.data;
}

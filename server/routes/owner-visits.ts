import type { RequestHandler, Router } from 'express';
import { z, type ZodType } from 'zod';
import { visitBlockSchema, visitSettingsSchema } from '@shared/schemas/visits';
import { HttpError } from '../services/errors';
import { jsonBody } from '../http/json-body';
import type { CalendarFeed } from '../services/visits/calendar-feed';
import type { VisitService } from '../services/visits/visit-service';

/**
 * The owner's side of the estimate visits, mounted by ownerRoutes behind the session: the
 * windows (weekly hours, length, horizon, least notice), days off and blocked times, the
 * upcoming visits, a request's visit, and the calendar feed's address (and its revocation).
 */
export function ownerVisitRoutes(
  router: Router,
  deps: { visits: VisitService; feed: CalendarFeed; sameOrigin: RequestHandler },
): void {
  const { visits, feed, sameOrigin } = deps;

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
    const id = z.uuid().safeParse(req.params.id);
    if (!id.success) throw new HttpError(404, 'There is no such request.');
    res.json({ visit: await visits.forRequest(id.data.toLowerCase()) });
  });

  router.get('/calendar-feed', async (_req, res) => {
    res.json({ url: await feed.url() });
  });

  // A new secret address; calendars subscribed to the old one get nothing more.
  router.post('/calendar-feed/revoke', sameOrigin, async (_req, res) => {
    res.json({ url: await feed.revoke() });
  });
}

function parse<T>(schema: ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? 'The request is not valid.');
  return result.data;
}

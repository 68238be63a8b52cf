import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { z, type ZodType } from 'zod';
import {
  answerSchema,
  inboxQuerySchema,
  noteSchema,
  requestChangeSchema,
  signInSchema,
  type InboxFilter,
} from '@shared/schemas/owner-inbox';
import { spendEntrySchema, spendQuerySchema } from '@shared/schemas/owner-money';
import { defaultPushServiceHosts } from '@shared/push-service-hosts';
import { exportQuerySchema, resultsQuerySchema, type ResultPeriod } from '@shared/schemas/owner-results';
import { HttpError } from '../services/errors';
import { jsonBody } from '../http/json-body';
import { trustedOriginFor } from '../http/site-origins';
import { createConversions } from '../services/owner/conversions';
import { createInbox } from '../services/owner/inbox';
import { createRequestChanges } from '../services/owner/request-changes';
import { createResults } from '../services/owner/results';
import { createSpend } from '../services/owner/spend';
import { createOwnerSessions, sessionIdleMs, signOutEverywhere } from '../services/owner/owner-sessions';
import { createSignIn } from '../services/owner/sign-in';
import { createSpeedToLead } from '../services/owner/speed-to-lead';
import { deviceLabel } from '../services/push/devices';
import { ownerPasswordResetRoutes } from './owner-password-reset';
import { ownerSetupRoutes } from './owner-setup';
import { cookieOf, ownerCookies } from './owner-cookies';
import { ownerMailRoutes } from './owner-mail-settings';
import { ownerTextRoutes } from './owner-texts';
import { ownerPushRoutes } from './owner-push';
import { ownerVisitRoutes } from './owner-visits';
import { ownerReviewRoutes } from './owner-reviews';
import { ownerPictureRoutes } from './owner-pictures';
import { ownerProjectRoutes } from './owner-projects';
import { ownerEstimateRoutes } from './owner-estimates';
import { ownerInvoiceRoutes } from './owner-invoices';
import { ownerSettingsRoutes } from './owner-settings';
import { ownerVisitorRoutes } from './owner-visitors';
import { settingsMessages } from '../services/settings/site-settings';
import { perMinuteCounter } from '../http/rate-limit';
import type { OwnerRouteDeps } from './owner-route-deps';

export type { OwnerRouteDeps };

/** A presigned S3 link to a photo in the inbox works this long (it is fetched again on every view). */
const photoLinkLifetimeSeconds = 300;

/**
 * Robots are told to stay out of the inbox, its page and its API alike: visitors' details must
 * never turn up in a search.
 */
const noIndexHeader = ['X-Robots-Tag', 'noindex, nofollow'] as const;

const notSignedInMessage = 'Please sign in.';
export const crossSiteMessage = 'This request did not come from the inbox page, so it was refused.';

export { sessionCookieName } from './owner-cookies';

/**
 * /api/owner/*: the owner's inbox. Everything but signing in needs a session; without
 * one the answer is 401 JSON and nothing else, whatever the path. Every state-changing request
 * must come from one of the site's own origins (Origin header), on top of the SameSite=Strict cookie.
 */
export function ownerRoutes(deps: OwnerRouteDeps): Router {
  const { database, storage, origins, secureCookie } = deps;
  const sessions = deps.sessions ?? createOwnerSessions(database.db);
  const signIn = createSignIn({ database, sessions, limits: deps.signInLimits });
  const inbox = createInbox(database, {
    reviewRequests: deps.reviewRequests,
    siteUrl: origins.primary,
    onReviewRequestScheduled: deps.onReviewRequestScheduled,
  });
  const speed = createSpeedToLead(database);
  const results = createResults(database);
  const changes = createRequestChanges(database, {
    reviewRequests: deps.reviewRequests,
    onReviewRequestScheduled: deps.onReviewRequestScheduled,
  });
  const spend = createSpend(database);
  const conversions = createConversions(database);
  const cookies = ownerCookies(secureCookie);
  const { session: cookieName, device: deviceCookie } = cookies;
  const { setSession: setSessionCookie, setDevice: setDeviceCookie, clearSession: clearSessionCookie } = cookies;

  const sameOrigin: RequestHandler = (req, _res, next) => {
    const origin = req.get('origin');
    const fetchSite = req.get('sec-fetch-site');
    if (!origin || !origins.all.includes(origin) || (fetchSite !== undefined && fetchSite !== 'same-origin')) {
      next(new HttpError(403, crossSiteMessage));
      return;
    }
    next();
  };

  const requireSession: RequestHandler = async (req, res, next) => {
    const token = cookieOf(req, cookieName);
    const session = token ? await sessions.check(token) : null;
    if (!token || !session) {
      if (token) clearSessionCookie(res);
      res.status(401).json({ error: notSignedInMessage });
      return;
    }
    if (session.refreshed) setSessionCookie(res, token, session.expiresAt);
    res.locals.ownerToken = token;
    next();
  };

  /**
   * The password asked again inside a session, counted on the sign-in limits. Once they are spent
   * the session ends too: whoever holds a stolen session learns nothing more by guessing.
   */
  const confirmPassword = async (req: Request, res: Response, password: string): Promise<void> => {
    const result = await signIn.confirm(password, req.ip ?? 'unknown', req.log, cookieOf(req, deviceCookie));
    switch (result.outcome) {
      case 'right':
        return;
      case 'locked':
        await sessions.end(String(res.locals.ownerToken));
        clearSessionCookie(res);
        throw new HttpError(429, result.message, undefined, result.retryAfterSeconds);
      case 'no-password':
        throw new HttpError(403, result.message);
      case 'wrong-password':
        throw new HttpError(403, settingsMessages.wrongPassword, {
          fieldErrors: { currentPassword: [settingsMessages.wrongPassword] },
        });
    }
  };

  const router = express.Router();
  router.use((_req, res, next) => {
    res.setHeader(...noIndexHeader);
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  router.post('/session', sameOrigin, jsonBody({ limitBytes: 2048 }), async (req, res) => {
    const { password } = parse(signInSchema, req.body);
    const result = await signIn.signIn(password, req.ip ?? 'unknown', req.log, cookieOf(req, deviceCookie));
    switch (result.outcome) {
      case 'signed-in':
        setSessionCookie(res, result.token, result.expiresAt);
        setDeviceCookie(res, result.device);
        res.status(200).json({ signedIn: true });
        return;
      case 'locked':
        res.setHeader('Retry-After', String(result.retryAfterSeconds));
        res.status(429).json({ error: result.message });
        return;
      case 'no-password':
        res.status(503).json({ error: result.message });
        return;
      case 'wrong-password':
        res.status(401).json({ error: result.message });
    }
  });

  // A reset link, or the first set-up link, that set the password signs its device in.
  const signInHere = async (res: Response) => {
    const session = await signIn.startSession();
    setSessionCookie(res, session.token, session.expiresAt);
    setDeviceCookie(res, session.device);
  };
  const { perMinute } = deps.passwordResets;
  ownerPasswordResetRoutes(router, {
    resets: deps.passwordResets.resets,
    sameOrigin,
    deviceCookie: (req) => cookieOf(req, deviceCookie),
    signInHere,
    limit: perMinuteCounter(database, 'owner-reset', perMinute),
  });
  if (deps.setup)
    ownerSetupRoutes(router, {
      setup: deps.setup,
      sameOrigin,
      signInHere,
      limit: perMinuteCounter(database, 'owner-setup', perMinute),
    });

  router.use(requireSession);

  router.get('/session', (_req, res) => {
    res.json({ signedIn: true, idleDays: sessionIdleMs / (24 * 3600_000) });
  });

  router.delete('/session', sameOrigin, async (_req, res) => {
    await sessions.end(String(res.locals.ownerToken));
    clearSessionCookie(res);
    res.status(204).end();
  });

  // "Sign out everywhere": every session, this one too, and every device that gets notifications.
  router.delete('/sessions', sameOrigin, async (req, res) => {
    const ended = await signOutEverywhere(database.transaction);
    req.log?.info(ended, 'owner signed out everywhere');
    clearSessionCookie(res);
    res.json(ended);
  });

  router.get('/requests', async (req, res) => {
    res.json(await inbox.list(inboxQuerySchema.parse(req.query)));
  });

  // With ?period= (the results page's), the requests that page counts for the period.
  router.get('/requests/export.csv', async (req, res) => {
    const { period, ...query } = exportQuerySchema.parse(req.query);
    const csv = await inbox.csv(query, period);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${csvFileName(query.status, period)}"`);
    res.send(csv);
  });

  ownerVisitorRoutes(router, { database });

  router.get('/results', async (req, res) => {
    res.json(await results.forPeriod(resultsQuerySchema.parse(req.query).period));
  });

  // The period's won jobs from Google ads, for Google Ads' import of offline conversions.
  router.get('/conversions.csv', async (req, res) => {
    const { period } = resultsQuerySchema.parse(req.query);
    const csv = await conversions.googleAdsCsv(period);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="google-ads-conversions-${period}-${today()}.csv"`);
    res.send(csv);
  });

  router.get('/spend', async (req, res) => {
    const { month } = parse(spendQuerySchema, req.query);
    res.json(await spend.forMonth(month));
  });

  // What was spent on a source in a month; an amount of 0 (or null) removes it.
  router.put('/spend', sameOrigin, jsonBody({ limitBytes: 1024 }), async (req, res) => {
    res.json(await spend.save(parse(spendEntrySchema, req.body)));
  });

  router.get('/requests/:id', async (req, res) => {
    const id = requestId(req);
    const detail = await inbox.detail(id);
    if (!detail) throw new HttpError(404, 'There is no such request.');
    // The homeowner's booking page, for him to copy or text (null without the visits).
    const visitPath = deps.visits ? await deps.visits.visits.pathFor(detail.id) : null;
    res.json({
      ...detail,
      visitUrl: visitPath ? new URL(visitPath, origins.primary).toString() : null,
      ...(deps.estimates ? { estimates: await deps.estimates.service.listFor(id) } : {}),
      ...(deps.invoices ? { invoices: await deps.invoices.invoices.listFor(id) } : {}),
      texts: deps.texts ? await deps.texts.threads.requestThread(id) : [],
    });
  });

  // The photo, through a short-lived presigned GET on S3, or the site's own photo path on local disk.
  router.get('/requests/:id/photo', async (req, res) => {
    const url = await inbox.photoUrl(requestId(req));
    const key = url ? storage.keyOf(url, origins.all) : null;
    if (!key) throw new HttpError(404, 'This request has no photo.');
    // The browser may reuse the redirect while the link still works, instead of asking each time.
    res.setHeader('Cache-Control', `private, max-age=${photoLinkLifetimeSeconds - 60}`);
    res.redirect(302, await storage.viewLink(key, trustedOriginFor(req, origins), photoLinkLifetimeSeconds));
  });

  // A status, amounts and the lost reason, any of them: only what is sent changes.
  router.patch('/requests/:id', sameOrigin, jsonBody({ limitBytes: 1024 }), async (req, res) => {
    const change = parse(requestChangeSchema, req.body);
    const state = await changes.apply(requestId(req), change, deviceLabel(req.get('user-agent')));
    if (!state) throw new HttpError(404, 'There is no such request.');
    res.json(state);
  });

  router.post('/requests/:id/notes', sameOrigin, jsonBody({ limitBytes: 32 * 1024 }), async (req, res) => {
    const { body } = parse(noteSchema, req.body);
    const note = await inbox.addNote(requestId(req), body);
    if (!note) throw new HttpError(404, 'There is no such request.');
    res.status(201).json(note);
  });

  // Call, Text or Reply by e-mail tapped on the request's page: the first answer, with undo.
  router.post('/requests/:id/answer', sameOrigin, jsonBody({ limitBytes: 256 }), async (req, res) => {
    const { via } = parse(answerSchema, req.body);
    const answer = await speed.recordTap(requestId(req), via, new Date(), deviceLabel(req.get('user-agent')));
    if (!answer) throw new HttpError(404, 'There is no such request.');
    res.json(answer);
  });

  // Her question answered (Call, Text or E-mail beside it, or Mark answered): the request stops waiting.
  router.post('/requests/:id/question-answered', sameOrigin, async (req, res) => {
    if (!(await inbox.answerQuestions(requestId(req)))) throw new HttpError(404, 'There is no such request.');
    res.status(204).end();
  });

  router.delete('/requests/:id/answer', sameOrigin, async (req, res) => {
    if (!(await speed.undoTap(requestId(req), deviceLabel(req.get('user-agent')))))
      throw new HttpError(404, 'There is no recorded tap to undo.');
    res.status(204).end();
  });

  ownerReviewRoutes(router, { reviews: deps.reviews, sameOrigin });
  ownerProjectRoutes(router, { ...deps.projects, sameOrigin });
  if (deps.pictures) ownerPictureRoutes(router, { pictures: deps.pictures, sameOrigin });
  if (deps.settings) {
    ownerSettingsRoutes(router, {
      settings: deps.settings,
      environment: deps.settingsEnvironment,
      sameOrigin,
      siteUrl: origins.primary,
      launchPictures: deps.launchPictures,
      confirmPassword,
    });
  }

  ownerPushRoutes(router, {
    database,
    sameOrigin,
    vapidKeys: deps.vapidKeys,
    pushServiceHosts: deps.pushServiceHosts ?? defaultPushServiceHosts,
  });

  if (deps.mail) ownerMailRoutes(router, { ...deps.mail, sameOrigin, confirmPassword });
  if (deps.texts) ownerTextRoutes(router, { ...deps.texts, sameOrigin });
  if (deps.visits) ownerVisitRoutes(router, { ...deps.visits, sameOrigin });
  if (deps.estimates) ownerEstimateRoutes(router, { ...deps.estimates, sameOrigin });
  if (deps.invoices) ownerInvoiceRoutes(router, { ...deps.invoices, database, sameOrigin });

  router.use((_req, res) => {
    res.status(404).json({ error: 'Not found' });
  });
  return router;
}

function requestId(req: Request): string {
  const id = z.uuid().safeParse(req.params.id);
  if (!id.success) throw new HttpError(404, 'There is no such request.');
  return id.data.toLowerCase();
}

function parse<T>(schema: ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? 'The request is not valid.');
  return result.data;
}

const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Phoenix' });

function csvFileName(filter: InboxFilter, period?: ResultPeriod): string {
  return `quote-requests-${filter}${period ? `-${period}` : ''}-${today()}.csv`;
}

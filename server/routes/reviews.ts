import express, { type ErrorRequestHandler, type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import { business } from '@shared/content/business';
import {
  displayNameOf,
  reviewFields,
  reviewFormSchema,
  reviewTokenPattern,
  type ReviewFieldName,
} from '@shared/schemas/reviews';
import { businessOf, sendHomeownerPage } from '../http/homeowner-shell';
import { formBody, NulInBody } from '../http/request-body';
import { HttpError } from '../services/errors';
import { googleReviewFallback, isGoogleReviewUrl } from '@shared/schemas/business-details';
import { renderReviewPage, reviewDraftScript, reviewDraftScriptPath, type ReviewPageState } from '../http/review-page';
import { createReviewRequests } from '../services/reviews/review-requests';
import type { Reviews } from '../services/reviews/reviews';
import type { DatabaseHandle } from '../db/client';

export interface ReviewRouteDeps {
  database: DatabaseHandle;
  reviews: Reviews;
  /** The Google review link now: the saved one, else business.googleReviewUrl (read per click). */
  googleReviewUrl?: () => string;
}

/**
 * The homeowner's side of a review request: /r/<token> (the Google link: counted, then 302 to
 * the business's Google review page), /review/<token> (the review form, plain HTML that posts to
 * itself) and /review/<token>/unsubscribe. Unknown and used tokens get a page that says so.
 */
export function reviewRoutes(deps: ReviewRouteDeps): Router {
  const { reviews } = deps;
  const requests = createReviewRequests(deps.database);
  const googleReviewUrl = deps.googleReviewUrl ?? (() => business.googleReviewUrl);
  const router = express.Router();
  const form = formBody({ limit: '32kb', parameterLimit: 20 });

  const send = (res: Response, status: number, state: ReviewPageState) => {
    // The token is in the address: the pages' links to other sites must not pass it on.
    res.setHeader('Referrer-Policy', 'no-referrer');
    return sendHomeownerPage(res, status, renderReviewPage(state, businessOf(res)));
  };
  const tokenOf = (req: Request) => {
    const token = String(req.params.token ?? '');
    return reviewTokenPattern.test(token) ? token : null;
  };

  router.get(reviewDraftScriptPath, (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/javascript').send(reviewDraftScript);
  });

  // The Google link goes to Google even when the token is unknown (a link cut short still reaches
  // the review page); only a known token is counted.
  router.get('/r/:token', async (req, res) => {
    const token = tokenOf(req);
    if (token) await requests.googleClick(token);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    // Only ever to Google: a link that is not one (saved before the check, or altered in the
    // database) sends to Google's own review search rather than anywhere else.
    const target = googleReviewUrl();
    res.redirect(302, isGoogleReviewUrl(target) ? target : googleReviewFallback);
  });

  router.get('/review/:token', async (req, res) => {
    const token = tokenOf(req);
    const request = token ? await requests.open(token) : null;
    if (!token || !request) return send(res, 404, { kind: 'unknown' });
    if (request.answered) return send(res, 200, { kind: 'used', token });
    await send(res, 200, {
      kind: 'form',
      token,
      firstName: request.name.trim().split(/\s+/)[0] ?? '',
      projectType: request.projectType,
      values: { stars: '', text: '', displayName: displayNameOf(request.name), consent: false },
    });
  });

  router.post('/review/:token', form, async (req, res) => {
    const token = tokenOf(req);
    const request = token ? await requests.lookup(token) : null;
    if (!token || !request) return send(res, 404, { kind: 'unknown' });
    if (request.answered) return send(res, 200, { kind: 'used', token });
    const posted = postedOf(req.body);
    const parsed = reviewFormSchema.safeParse(posted);
    if (!parsed.success) {
      const errors: Partial<Record<ReviewFieldName, string>> = {};
      for (const [field, messages] of Object.entries(z.flattenError(parsed.error).fieldErrors)) {
        if (field in reviewFields && messages?.[0]) errors[field as ReviewFieldName] = messages[0];
      }
      return send(res, 400, {
        kind: 'form',
        token,
        firstName: request.name.trim().split(/\s+/)[0] ?? '',
        projectType: request.projectType,
        values: posted,
        posted: true,
        errors,
      });
    }
    const outcome = await reviews.submit(token, parsed.data);
    if (outcome === 'unknown') return send(res, 404, { kind: 'unknown' });
    if (outcome === 'used') return send(res, 200, { kind: 'used', token });
    req.log?.info({ stars: parsed.data.stars, consent: parsed.data.consent }, 'review received');
    await send(res, 200, { kind: 'sent', token, withConsent: parsed.data.consent });
  });

  router.get('/review/:token/unsubscribe', async (req, res) => {
    const token = tokenOf(req);
    const unsubscribed = token ? await requests.isUnsubscribed(token) : null;
    if (!token || unsubscribed === null) return send(res, 404, { kind: 'unknown' });
    await send(res, 200, { kind: 'unsubscribe', token, done: unsubscribed });
  });

  // The page's button, and a mail app's one-click Unsubscribe (RFC 8058), post here.
  router.post('/review/:token/unsubscribe', form, async (req, res) => {
    const token = tokenOf(req);
    if (!token || !(await requests.unsubscribe(token))) return send(res, 404, { kind: 'unknown' });
    req.log?.info('review requests unsubscribed');
    await send(res, 200, { kind: 'unsubscribe', token, done: true });
  });

  // A review the reader refused (a NUL, too long) comes here: the form again, with what was typed.
  router.use('/review/:token', (async (error, req, res, next) => {
    const token = tokenOf(req);
    const request = token && req.method === 'POST' ? await requests.lookup(token) : null;
    if (!(error instanceof HttpError) || !token || !request || request.answered || req.path !== '/') return next(error);
    const named = (error instanceof NulInBody ? error.fields : []).filter((field) => field in reviewFields);
    await send(res, 400, {
      kind: 'form',
      token,
      firstName: request.name.trim().split(/\s+/)[0] ?? '',
      projectType: request.projectType,
      values: postedOf(req.body),
      posted: true,
      errors: Object.fromEntries((named.length > 0 ? named : ['text']).map((field) => [field, error.message])),
    });
  }) satisfies ErrorRequestHandler);

  return router;
}

/** The review form's fields as posted. */
function postedOf(value: unknown) {
  const body = (value ?? {}) as Record<string, unknown>;
  return {
    stars: typeof body.stars === 'string' ? body.stars : '',
    text: typeof body.text === 'string' ? body.text : '',
    displayName: typeof body.displayName === 'string' ? body.displayName : '',
    consent: body.consent === 'on',
  };
}

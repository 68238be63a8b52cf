import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { Business } from '@shared/content/business-facts';
import { isDatabaseUnavailable } from '../db/errors';
import { safeError, stackFrames } from '../logger';
import { HttpError } from '../services/errors';
import { businessOf, escapeHtml, sendHomeownerPage } from './homeowner-shell';
import { loggedPath } from './request-logger';

/** Seconds a client is asked to wait (Retry-After) while the database is away. */
export const retryAfterSeconds = 30;

/** What a visitor is told while the database is away, with the phone the site shows now (businessOf(res)). */
export const unavailableMessage = (business: Pick<Business, 'phoneDisplay'>) =>
  `We could not save your request just now. Please try again in a minute, or call us at ${business.phoneDisplay}.`;

export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ error: 'Not found' });
};

/**
 * Turns every error into an answer: JSON for the API and scripts, a page for a person (a form
 * posted without scripts, a page opened in a browser: see wantsPage); no stack trace ever leaves
 * the server. The database being unreachable is a 503 with Retry-After (the request can simply be
 * sent again), never a 500. Logs carry the error's type, code and first line only: never the
 * request's fields.
 */
export const errorHandler: ErrorRequestHandler = async (error: unknown, req, res, next) => {
  if (res.headersSent) {
    next(error);
    return;
  }
  if (error instanceof HttpError) {
    if (error.status >= 500) req.log?.error({ error: safeError(error) }, 'request failed');
    if (error.retryAfterSeconds) res.setHeader('Retry-After', String(error.retryAfterSeconds));
    await answer(req, res, error.status, error.message, error.details);
    return;
  }
  if (isDatabaseUnavailable(error)) {
    req.log?.warn({ error: safeError(error), path: loggedPath(req) }, 'database unavailable');
    res.setHeader('Retry-After', String(retryAfterSeconds));
    await answer(req, res, 503, unavailableMessage(businessOf(res)));
    return;
  }
  // Errors raised by Express and its helpers (e.g. sending a photo file) carry their own status.
  const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : 500;
  if (status >= 400 && status < 500) {
    await answer(req, res, status, clientErrorMessage(status, wantsPage(req)));
    return;
  }
  req.log?.error({ error: safeError(error), at: stackFrames(error), path: loggedPath(req) }, 'unhandled error');
  await answer(req, res, 500, 'Something went wrong on our side. Please try again or call us.');
};

/**
 * A person, not a script: a form posted to a page without scripts (the estimate, visit and review
 * pages' forms), or a browser opening a page. The API (`/api/…`) always answers JSON.
 */
function wantsPage(req: Request): boolean {
  if (req.originalUrl.startsWith('/api/')) return false;
  if (req.method === 'POST') return Boolean(req.is(['application/x-www-form-urlencoded', 'multipart/form-data']));
  return req.accepts(['json', 'html']) === 'html';
}

async function answer(req: Request, res: Response, status: number, message: string, details?: Record<string, unknown>) {
  if (!wantsPage(req)) {
    res.status(status).json({ error: message, ...details });
    return;
  }
  const title =
    status === 404 ? 'This page does not exist' : status >= 500 ? 'Something went wrong' : 'We could not take that';
  const back =
    req.method === 'POST'
      ? '<p>Your browser’s Back button takes you to the form with what you typed.</p>'
      : `<p><a href="/">Go to our home page</a></p>`;
  await sendHomeownerPage(res, status, {
    title,
    status: 'refused',
    main: `<div class="hw-card"><h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(message)}</p>${back}</div>`,
  });
}

function clientErrorMessage(status: number, page: boolean): string {
  switch (status) {
    case 400:
      return page
        ? 'What you sent could not be read. Please try again, or call us.'
        : 'The request could not be read. Please send valid JSON.';
    case 413:
      return 'The request is too large.';
    case 415:
      return 'Unsupported content type.';
    default:
      return 'The request was refused.';
  }
}

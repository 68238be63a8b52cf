import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Business } from '@shared/content/business-facts';
import { isDatabaseUnavailable } from '../db/errors';
import { safeError, stackFrames } from '../logger';
import { HttpError } from '../services/errors';
import { businessOf } from './homeowner-shell';
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
 * Turns every error into a JSON answer; no stack trace ever leaves the server. The database being
 * unreachable is a 503 with Retry-After (the request can simply be sent again), never a 500.
 * Logs carry the error's type, code and first line only: never the request's fields.
 */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) {
    next(error);
    return;
  }
  if (error instanceof HttpError) {
    if (error.status >= 500) req.log?.error({ error: safeError(error) }, 'request failed');
    if (error.retryAfterSeconds) res.setHeader('Retry-After', String(error.retryAfterSeconds));
    res.status(error.status).json({ error: error.message, ...error.details });
    return;
  }
  if (isDatabaseUnavailable(error)) {
    req.log?.warn({ error: safeError(error), path: loggedPath(req.path) }, 'database unavailable');
    res.setHeader('Retry-After', String(retryAfterSeconds));
    res.status(503).json({ error: unavailableMessage(businessOf(res)) });
    return;
  }
  // Errors raised by Express and its helpers (e.g. sending a photo file) carry their own status.
  const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : 500;
  if (status >= 400 && status < 500) {
    res.status(status).json({ error: clientErrorMessage(status) });
    return;
  }
  req.log?.error({ error: safeError(error), at: stackFrames(error), path: loggedPath(req.path) }, 'unhandled error');
  res.status(500).json({ error: 'Something went wrong on our side. Please try again or call us.' });
};

function clientErrorMessage(status: number): string {
  switch (status) {
    case 400:
      return 'The request could not be read. Please send valid JSON.';
    case 413:
      return 'The request is too large.';
    case 415:
      return 'Unsupported content type.';
    default:
      return 'The request was refused.';
  }
}

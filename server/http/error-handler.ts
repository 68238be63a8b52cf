import type { ErrorRequestHandler, RequestHandler } from 'express';
import { HttpError } from './errors';

export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ error: 'Not found' });
};

/** Turns every error into a JSON answer; no stack trace ever leaves the server. */
export const errorHandler: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  if (res.headersSent) {
    next(error);
    return;
  }
  if (error instanceof HttpError) {
    res.status(error.status).json({ error: error.message, ...error.details });
    return;
  }
  // Errors raised by Express and its helpers (e.g. sending a photo file) carry their own status.
  const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : 500;
  if (status >= 400 && status < 500) {
    res.status(status).json({ error: clientErrorMessage(status) });
    return;
  }
  console.error('Unhandled error:', error);
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

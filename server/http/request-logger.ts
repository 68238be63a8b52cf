import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger';

declare module 'express-serve-static-core' {
  interface Request {
    /** This request's id: the caller's X-Request-Id when it is a plain token, otherwise a new UUID. */
    id: string;
    /** The app's logger with `reqId` bound: every line about this request carries it. */
    log: Logger;
  }
}

const requestIdPattern = /^[\w.:-]{8,64}$/;

/** A path as logged: a password reset link's token never reaches a log (`/owner/reset/…`). */
export function loggedPath(pathname: string): string {
  return pathname.replace(/^(\/owner\/reset\/).+$/, '$1…');
}

/**
 * Gives each request an id (echoed in X-Request-Id, so a visitor's report or a proxy log can be
 * matched with ours) and a child logger. With `logRequests`, one line per request when it ends:
 * method, path without its query (upload URLs carry signatures), status and duration.
 */
export function requestContext(logger: Logger, options: { logRequests: boolean }): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    req.id = typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
    req.log = logger.child({ reqId: req.id });
    res.setHeader('X-Request-Id', req.id);
    if (options.logRequests) {
      const started = process.hrtime.bigint();
      res.on('finish', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        req.log.info(
          { method: req.method, path: loggedPath(req.path), status: res.statusCode, ms: Math.round(ms * 10) / 10 },
          'request',
        );
      });
    }
    next();
  };
}

import { randomUUID } from 'node:crypto';
import type { Application, Request, RequestHandler } from 'express';
import type { Logger } from '../logger';
import { tokenRedactor, tokenRoutesOf } from './token-paths';

declare module 'express-serve-static-core' {
  interface Request {
    /** This request's id: the caller's X-Request-Id when it is a plain token, otherwise a new UUID. */
    id: string;
    /** The app's logger with `reqId` bound: every line about this request carries it. */
    log: Logger;
  }
}

const requestIdPattern = /^[\w.:-]{8,64}$/;

const redactors = new WeakMap<Application, (pathname: string) => string>();

/**
 * The request's path as logged: the token of every token route hidden (`/estimate/…/pdf`), in any
 * spelling of the path (http/token-paths.ts). The routes are read from the app once, on the first
 * request, when every route is in place.
 */
export function loggedPath(req: Request): string {
  let redact = redactors.get(req.app);
  if (!redact) {
    redact = tokenRedactor(tokenRoutesOf(req.app));
    redactors.set(req.app, redact);
  }
  // The whole path: inside a mounted router req.path has lost the mount (`/api`).
  return redact(req.originalUrl.split('?')[0]!);
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
          { method: req.method, path: loggedPath(req), status: res.statusCode, ms: Math.round(ms * 10) / 10 },
          'request',
        );
      });
    }
    next();
  };
}

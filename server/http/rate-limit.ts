import type { Request, RequestHandler, Response } from 'express';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { DatabaseHandle } from '../db/client';
import { safeError } from '../logger';
import { createLimiter } from '../services/rate-limit';

export const rateLimitMessage = 'Too many requests. Please wait a minute and try again, or call us.';

export type LimitCheck = { limited: false } | { limited: true; retryAfterSeconds: number };

/** One per-minute allowance per client IP, usable as middleware or checked by a route itself. */
export interface PerMinuteCounter {
  /** Middleware: over the limit, answers 429 JSON with Retry-After. */
  handler: RequestHandler;
  /** Counts one request (setting the RateLimit headers) and says whether it is over the limit. */
  check(req: Request, res: Response): Promise<LimitCheck>;
}

/**
 * At most `perMinute` requests per client IP and minute; 0 turns it off. Each call makes its own
 * counter, so every POST endpoint has its own allowance, and routes that share one call share it.
 * The client IP honours X-Forwarded-For only as far as the app's 'trust proxy' setting allows
 * (TRUST_PROXY).
 */
export function perMinuteCounter(database: DatabaseHandle, name: string, perMinute: number): PerMinuteCounter {
  if (perMinute <= 0)
    return { handler: (_req, _res, next) => next(), check: () => Promise.resolve({ limited: false }) };
  const limiter = createLimiter(database, { name, points: perMinute, durationSeconds: 60 });
  const setHeaders = (res: Response, result: RateLimiterRes) => {
    const reset = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
    res.setHeader('RateLimit-Policy', `${perMinute};w=60`);
    res.setHeader('RateLimit', `limit=${perMinute}, remaining=${result.remainingPoints}, reset=${reset}`);
    return reset;
  };
  const check = async (req: Request, res: Response): Promise<LimitCheck> => {
    try {
      setHeaders(res, await limiter.consume(req.ip ?? 'unknown'));
      return { limited: false };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        const retryAfterSeconds = setHeaders(res, rejection);
        res.setHeader('Retry-After', String(retryAfterSeconds));
        return { limited: true, retryAfterSeconds };
      }
      // Neither the shared store nor the fallback answered: let the request through.
      req.log?.warn({ error: safeError(rejection) }, 'rate limit unavailable');
      return { limited: false };
    }
  };
  return {
    check,
    handler: (req, res, next) => {
      void check(req, res).then((result) => {
        if (result.limited) res.status(429).json({ error: rateLimitMessage });
        else next();
      });
    },
  };
}

/** Middleware of a counter of its own (see perMinuteCounter). */
export function perMinuteLimit(database: DatabaseHandle, name: string, perMinute: number): RequestHandler {
  return perMinuteCounter(database, name, perMinute).handler;
}

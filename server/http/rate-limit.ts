import type { RequestHandler } from 'express';
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { DatabaseHandle } from '../db/client';
import { rateLimits } from '../db/schema';
import { safeError } from '../logger';

export const rateLimitMessage = 'Too many requests. Please wait a minute and try again, or call us.';

/**
 * A counter of requests per client and window, named by `name` (each limit counts on its own).
 * On Postgres the counters live in the `rate_limits` table, so every server instance behind a
 * load balancer counts against the same allowance; should that table be unreachable, each process
 * falls back to counting in memory rather than refusing everyone. The embedded PGlite serves one
 * process only, so there the counters stay in memory.
 */
export function createLimiter(
  database: DatabaseHandle,
  options: {
    name: string;
    points: number;
    durationSeconds: number;
    blockSeconds?: number;
    /** Count in the database on PGlite too (the owner's sign-in lockout must survive a restart). */
    alwaysInDatabase?: boolean;
  },
): RateLimiterAbstract {
  const settings = {
    keyPrefix: options.name,
    points: options.points,
    duration: options.durationSeconds,
    blockDuration: options.blockSeconds ?? 0,
  };
  const memory = new RateLimiterMemory(settings);
  if (database.kind !== 'postgres' && !options.alwaysInDatabase) return memory;
  return new RateLimiterDrizzle({
    ...settings,
    storeClient: database.db,
    schema: rateLimits,
    insuranceLimiter: memory,
    // Expired rows are deleted by the maintenance sweep (server/services/maintenance.ts).
    clearExpiredByTimeout: false,
  });
}

/**
 * At most `perMinute` requests per client IP and minute through this handler; 0 turns it off.
 * Each call makes its own counter, so every POST endpoint has its own allowance. The client IP
 * honours X-Forwarded-For only as far as the app's 'trust proxy' setting allows (TRUST_PROXY).
 */
export function perMinuteLimit(database: DatabaseHandle, name: string, perMinute: number): RequestHandler {
  if (perMinute <= 0) return (_req, _res, next) => next();
  const limiter = createLimiter(database, { name, points: perMinute, durationSeconds: 60 });
  return (req, res, next) => {
    const setHeaders = (result: RateLimiterRes) => {
      const reset = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
      res.setHeader('RateLimit-Policy', `${perMinute};w=60`);
      res.setHeader('RateLimit', `limit=${perMinute}, remaining=${result.remainingPoints}, reset=${reset}`);
      return reset;
    };
    limiter.consume(req.ip ?? 'unknown').then(
      (result) => {
        setHeaders(result);
        next();
      },
      (rejection: unknown) => {
        if (rejection instanceof RateLimiterRes) {
          res.setHeader('Retry-After', String(setHeaders(rejection)));
          res.status(429).json({ error: rateLimitMessage });
          return;
        }
        // Neither the shared store nor the fallback answered: let the request through.
        req.log?.warn({ error: safeError(rejection) }, 'rate limit unavailable');
        next();
      },
    );
  };
}

import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';

export const rateLimitMessage = 'Too many requests. Please wait a minute and try again, or call us.';

/**
 * At most `perMinute` requests per client IP and minute through this handler; 0 turns it off.
 * Each call makes its own counter, so every POST endpoint has its own allowance. The client IP
 * honours X-Forwarded-For only as far as the app's 'trust proxy' setting allows (TRUST_PROXY).
 */
export function perMinuteLimit(perMinute: number): RequestHandler {
  if (perMinute <= 0) return (_req, _res, next) => next();
  return rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json({ error: rateLimitMessage });
    },
  });
}

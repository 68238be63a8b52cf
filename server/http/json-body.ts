import express, { type RequestHandler } from 'express';
import { HttpError } from './errors';

const jsonType = /^application\/json\s*(;|$)/i;

/**
 * JSON-only request bodies: another content type is refused with 415, a body over `limit` with
 * 413 and malformed JSON with 400 (both from the parser, turned into JSON by the error handler).
 * Any JSON value parses (`strict: false`), so the route can answer a non-object body with its own 400.
 * `allowEmpty`: a request without a body passes through with `req.body` undefined.
 */
export function jsonBody(options: { limit: string; allowEmpty?: boolean }): RequestHandler[] {
  const requireJson: RequestHandler = (req, _res, next) => {
    const hasBody = req.get('transfer-encoding') !== undefined || Number(req.get('content-length') ?? 0) > 0;
    const declaresJson = jsonType.test(req.get('content-type') ?? '');
    if (hasBody ? !declaresJson : !declaresJson && !options.allowEmpty) {
      throw new HttpError(415, 'Please send JSON with the header Content-Type: application/json.');
    }
    next();
  };
  return [requireJson, express.json({ limit: options.limit, strict: false })];
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

import type { Request } from 'express';
import { HttpError } from './errors';

/**
 * The site's origin as the browser addressed it, e.g. `https://www.example.com`. Behind a proxy
 * this needs TRUST_PROXY so that X-Forwarded-Proto and X-Forwarded-Host count.
 */
export function requestOrigin(req: Request): string {
  try {
    const origin = new URL(`${req.protocol}://${req.host ?? ''}`).origin;
    if (origin !== 'null') return origin;
  } catch {
    // An unusable Host header falls through to the 400 below.
  }
  throw new HttpError(400, 'The request has no usable Host header.');
}

import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a request's booking page (`/visit/<token>`): the request's id and an HMAC of it
 * with a secret every server shares (server_secrets `visit-token-key`), base64url. Nothing is
 * stored: the same request always has the same link (so an idempotent replay answers the same
 * one), and nobody can make the link of another request without the secret.
 */
export function visitToken(secret: string, requestId: string): string {
  const id = Buffer.from(requestId.replace(/-/g, ''), 'hex');
  return Buffer.concat([id, mac(secret, id)]).toString('base64url');
}

/** The request id the token was made for, or null for a token that is not one of ours. */
export function requestIdOfToken(secret: string, token: string): string | null {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== 32) return null;
  const id = bytes.subarray(0, 16);
  if (!timingSafeEqual(bytes.subarray(16), mac(secret, id))) return null;
  const hex = id.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function mac(secret: string, id: Buffer): Buffer {
  return createHmac('sha256', secret).update('visit:').update(id).digest().subarray(0, 16);
}

export const visitPath = (token: string) => `/visit/${token}`;

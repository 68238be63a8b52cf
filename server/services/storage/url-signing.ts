import { createHmac, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { privateSecretFile } from '../../private-files';

/**
 * HMAC signatures for local upload URLs: `?expires=<ms since epoch>&signature=<base64url>` over
 * the object key and the expiry, so neither can be changed without the secret.
 */
export function signUpload(secret: string, key: string, expires: number): string {
  return createHmac('sha256', secret).update(`PUT /api/objects/${key} ${expires}`).digest('base64url');
}

export type SignatureCheck = 'valid' | 'invalid' | 'expired';

export function checkUploadSignature(
  secret: string,
  key: string,
  expires: unknown,
  signature: unknown,
  now = Date.now(),
): SignatureCheck {
  if (typeof expires !== 'string' || !/^\d{1,15}$/.test(expires) || typeof signature !== 'string') return 'invalid';
  const expected = Buffer.from(signUpload(secret, key, Number(expires)));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return Number(expires) < now ? 'expired' : 'valid';
}

/**
 * The configured secret, or a random one created once in `dataDir/upload-secret` (readable by the
 * owner only) so that upload URLs stay valid across restarts.
 */
export async function loadSigningSecret(dataDir: string, configured?: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'upload-secret');
  const secret = await privateSecretFile(dataDir, 'upload-secret');
  if (secret.length < 32) throw new Error(`${file} holds no usable secret; delete it to create a new one.`);
  return secret;
}

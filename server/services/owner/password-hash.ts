import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** Fewer characters than this are refused as a password: the inbox holds visitors' names and phone numbers. */
export const minPasswordLength = 12;

/**
 * scrypt with one of OWASP's recommended settings (N=2^15, r=8, p=3: 32 MiB and a fraction of a
 * second per hash), chosen over N=2^17 so that a few sign-ins at once do not use 128 MiB each on
 * a small server. The settings are stored in the hash, so they can change without a new password.
 */
export const passwordHashSettings: PasswordHashSettings = { N: 2 ** 15, r: 8, p: 3 };

export interface PasswordHashSettings {
  N: number;
  r: number;
  p: number;
}
const keyLength = 64;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem: scrypt needs 128 * N * r bytes; Node's default allowance is exactly too small.
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem: 256 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * `scrypt$N$r$p$<salt>$<hash>` (base64url): what is stored, never the password. Always with
 * passwordHashSettings but in tests of the sign-in routes (server/test/http.ts, quickPasswordHash).
 */
export async function hashPassword(
  password: string,
  settings: PasswordHashSettings = passwordHashSettings,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, settings);
  return ['scrypt', settings.N, settings.r, settings.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

/** True when `password` is the one `stored` was made from; false for anything else, also a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  if (expected.length !== keyLength) return false;
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(key, expected);
}

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if ([...password].length < minPasswordLength)
    return `The password must have at least ${minPasswordLength} characters.`;
  if (password.trim() !== password) return 'The password must not start or end with a space.';
  return null;
}

import { parseCookie } from 'cookie';
import type { Request, Response } from 'express';
import { knownDeviceDays } from '../services/owner/sign-in';

export const sessionCookieName = (secure: boolean) => (secure ? '__Host-rcc_owner' : 'rcc_owner');
export const deviceCookieName = (secure: boolean) => (secure ? '__Host-rcc_device' : 'rcc_device');

export function cookieOf(req: Request, name: string): string | undefined {
  return parseCookie(req.headers.cookie ?? '')[name];
}

/**
 * The owner's two cookies: his session, and his device (a device that signed in is remembered,
 * so strangers' wrong guesses never lock it out: sign-in.ts). `HttpOnly`, `SameSite=Strict`, and in
 * production `Secure` with the `__Host-` prefix.
 */
export function ownerCookies(secure: boolean) {
  const session = sessionCookieName(secure);
  const device = deviceCookieName(secure);
  const base = { httpOnly: true, secure, sameSite: 'strict', path: '/' } as const;
  return {
    session,
    device,
    setSession: (res: Response, token: string, expiresAt: Date) =>
      res.cookie(session, token, { ...base, expires: expiresAt }),
    setDevice: (res: Response, value: string) =>
      res.cookie(device, value, { ...base, maxAge: knownDeviceDays * 24 * 3600_000 }),
    clearSession: (res: Response) => res.clearCookie(session, base),
  };
}

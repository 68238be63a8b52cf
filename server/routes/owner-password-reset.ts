import type { RequestHandler, Router } from 'express';
import {
  newPasswordSchema,
  resetCheckSchema,
  type ResetAvailability,
  type ResetLinkState,
} from '@shared/schemas/owner-password-reset';
import { jsonBody } from '../http/json-body';
import type { PerMinuteCounter } from '../http/rate-limit';
import { HttpError } from '../services/errors';
import type { PasswordResets } from '../services/owner/password-reset';

const tooManyTries = 'Too many tries. Please wait a minute and try again.';

/**
 * "Forgot the password?", signed out: /api/owner/password-reset. The token travels in the JSON
 * body, never in an address, so no request log or proxy log holds it. A stranger learns little:
 * the answer to a tap names the address masked (`d•••@gmail.com`), and a guessed token (32 random
 * bytes) is `unknown`.
 */
export function ownerPasswordResetRoutes(
  router: Router,
  deps: {
    resets: PasswordResets;
    sameOrigin: RequestHandler;
    /** The device cookie's name (routes/owner.ts): a device that signed in before counts as itself. */
    deviceCookie: (req: Parameters<RequestHandler>[0]) => string | undefined;
    /** Signs this device in (its session and device cookies) once its link set the new password. */
    signInHere: (res: Parameters<RequestHandler>[1]) => Promise<void>;
    /** Checks and new passwords per address and minute. */
    limit: PerMinuteCounter;
  },
): void {
  const { resets, sameOrigin } = deps;
  const base = '/password-reset';

  router.get(base, async (_req, res) => {
    const body: ResetAvailability = { available: await resets.available() };
    res.json(body);
  });

  // The button: one tap, nothing typed.
  router.post(base, sameOrigin, async (req, res) => {
    const result = await resets.request(req.ip ?? 'unknown', deps.deviceCookie(req));
    req.log?.info({ ip: req.ip, outcome: result.outcome }, 'owner password reset asked for');
    switch (result.outcome) {
      case 'sent':
        // The address masked (d•••@gmail.com): which inbox to open, not the address itself.
        res.status(202).json({ sent: true, to: result.to });
        return;
      case 'limited':
        res.setHeader('Retry-After', String(result.retryAfterSeconds));
        res.status(429).json({ error: result.message });
        return;
      case 'no-mail':
        res.status(503).json({ error: result.message });
    }
  });

  oneTimeLinkRoutes(router, { ...deps, base, links: resets, used: 'owner password set with a reset link' });
}

/**
 * The page of a one-time link (a reset link, the first set-up link): `<base>/check` tells its state,
 * `<base>/password` sets the password with it and signs this device in. The token travels in the
 * JSON body, never in an address.
 */
export function oneTimeLinkRoutes(
  router: Router,
  deps: {
    base: string;
    links: Pick<PasswordResets, 'state' | 'setPassword'>;
    sameOrigin: RequestHandler;
    signInHere: (res: Parameters<RequestHandler>[1]) => Promise<void>;
    limit: PerMinuteCounter;
    /** What the log says once a link set the password. */
    used: string;
  },
): void {
  const { base, links, sameOrigin, limit } = deps;
  router.post(`${base}/check`, sameOrigin, jsonBody({ limitBytes: 1024 }), async (req, res) => {
    if ((await limit.check(req, res)).limited) throw new HttpError(429, tooManyTries);
    const parsed = resetCheckSchema.safeParse(req.body);
    const state: ResetLinkState = parsed.success ? await links.state(parsed.data.token) : 'unknown';
    res.json({ state });
  });

  router.post(`${base}/password`, sameOrigin, jsonBody({ limitBytes: 4096 }), async (req, res) => {
    if ((await limit.check(req, res)).limited) throw new HttpError(429, tooManyTries);
    const parsed = newPasswordSchema.safeParse(req.body);
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'The request is not valid.');
    const result = await links.setPassword(parsed.data.token, parsed.data.password);
    switch (result.outcome) {
      case 'set':
        req.log?.info({ sessionsEnded: result.sessionsEnded, devicesRemoved: result.devicesRemoved }, deps.used);
        // Every other session ended with the old password; the device that set the new one is in.
        await deps.signInHere(res);
        res.json({ sessionsEnded: result.sessionsEnded, devicesRemoved: result.devicesRemoved });
        return;
      case 'weak':
        throw new HttpError(400, result.message);
      case 'refused':
        res.status(410).json({ error: 'This link can no longer set a password.', state: result.state });
    }
  });
}

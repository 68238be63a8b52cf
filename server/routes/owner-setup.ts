import type { RequestHandler, Router } from 'express';
import type { SetupStatus } from '@shared/schemas/owner-setup';
import type { PerMinuteCounter } from '../http/rate-limit';
import type { SetupLinks } from '../services/owner/setup-link';
import { oneTimeLinkRoutes } from './owner-password-reset';

/**
 * The owner's first password, signed out: /api/owner/setup says whether the site has one (without
 * it, /owner shows where the set-up link is and no form), and the set-up link's page checks its
 * link and sets the password with it (`/owner/setup/<token>`, services/owner/setup-link.ts).
 */
export function ownerSetupRoutes(
  router: Router,
  deps: {
    setup: SetupLinks;
    sameOrigin: RequestHandler;
    signInHere: (res: Parameters<RequestHandler>[1]) => Promise<void>;
    limit: PerMinuteCounter;
  },
): void {
  router.get('/setup', async (_req, res) => {
    const body: SetupStatus = { passwordSet: await deps.setup.passwordSet() };
    res.json(body);
  });
  oneTimeLinkRoutes(router, {
    ...deps,
    base: '/setup',
    links: deps.setup,
    used: 'owner password set with the set-up link',
  });
}

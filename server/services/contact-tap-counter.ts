import { createHash } from 'node:crypto';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { ContactTap } from '@shared/schemas/lead-source';
import type { DatabaseHandle } from '../db/client';
import { recordContactTap } from './lead-sources';
import { createLimiter } from './rate-limit';
import { serverSecretLoader } from './server-secrets';

/** A visitor's taps on one page's call (or text) link count once in this window. */
export const tapRepeatWindowSeconds = 5 * 60;

/**
 * Counts taps on call and text links, each visitor's once per page, kind and window: a script
 * that posts the same tap a hundred times counts once. The visitor is known only by a salted hash
 * of the address and the tap, kept (as a rate-limit row, in memory on PGlite) until the window
 * ends: no cookie, nothing that outlives the window or names the person. The salt is shared by
 * every server on the database, so a repeat counts once whichever server it reaches.
 */
export function createContactTapCounter(database: DatabaseHandle) {
  const salt = serverSecretLoader(database, 'contact-tap-salt');
  const seen = createLimiter(database, {
    name: 'contact-tap-seen',
    points: 1,
    durationSeconds: tapRepeatWindowSeconds,
  });

  return {
    /** True when the tap was counted, false when it repeats one of the window. */
    async count(tap: ContactTap, visitorAddress: string, now = new Date()): Promise<boolean> {
      const key = createHash('sha256')
        .update([await salt(), visitorAddress, tap.page, tap.kind].join('\u0000'))
        .digest('base64url');
      try {
        await seen.consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return false;
        throw rejection;
      }
      await recordContactTap(database.db, tap, now);
      return true;
    },
  };
}

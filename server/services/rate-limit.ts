import { RateLimiterDrizzle, RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { DatabaseHandle } from '../db/client';
import { rateLimits } from '../db/schema';

/**
 * A counter of requests per client and window, named by `name` (each limit counts on its own).
 * On Postgres the counters live in the `rate_limits` table, so every server instance behind a
 * load balancer counts against the same allowance; should that table be unreachable, each process
 * falls back to counting in memory rather than refusing everyone. The embedded PGlite serves one
 * process only, so there the counters stay in memory.
 */
export function createLimiter(
  database: DatabaseHandle,
  options: {
    name: string;
    points: number;
    durationSeconds: number;
    /** Count in the database on PGlite too (the owner's sign-in lockout must survive a restart). */
    alwaysInDatabase?: boolean;
  },
): RateLimiterAbstract {
  const settings = {
    keyPrefix: options.name,
    points: options.points,
    duration: options.durationSeconds,
  };
  const memory = new RateLimiterMemory(settings);
  if (database.kind !== 'postgres' && !options.alwaysInDatabase) return memory;
  return new RateLimiterDrizzle({
    ...settings,
    storeClient: database.db,
    schema: rateLimits,
    insuranceLimiter: memory,
    // Expired rows are deleted by the maintenance sweep (server/services/maintenance.ts).
    clearExpiredByTimeout: false,
  });
}

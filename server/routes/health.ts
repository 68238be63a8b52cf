import { sql } from 'drizzle-orm';
import type { Router } from 'express';
import { execute, type DatabaseHandle } from '../db/client';
import { unavailableReason } from '../db/errors';
import { safeError } from '../logger';

/**
 * GET /api/health: 200 when the database answers and takes writes, 503 with the reason while it
 * does not (unreachable, too slow, or a read-only standby after a failover).
 */
export function healthRoutes(router: Router, database: DatabaseHandle): void {
  router.get('/health', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    let reason: string | undefined;
    try {
      const { rows } = await execute<{ read_only: string }>(
        database.db,
        sql`select current_setting('transaction_read_only') as read_only`,
      );
      if (rows[0]?.read_only === 'on') reason = 'the database is read-only (a standby?)';
    } catch (error) {
      req.log?.warn({ error: safeError(error) }, 'health check: database unavailable');
      reason = unavailableReason(error);
    }
    if (reason) {
      res.status(503).json({ status: 'unavailable', database: database.kind, reason });
      return;
    }
    res.json({ status: 'ok', database: database.kind });
  });
}

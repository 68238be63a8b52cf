import { sql } from 'drizzle-orm';
import type { Router } from 'express';
import type { DatabaseHandle } from '../db/client';
import { unavailableReason } from '../db/errors';
import { safeError } from '../logger';

/** GET /api/health: 200 when the database answers, 503 with the reason while it does not. */
export function healthRoutes(router: Router, database: DatabaseHandle): void {
  router.get('/health', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    try {
      await database.db.execute(sql`select 1`);
    } catch (error) {
      req.log?.warn({ err: safeError(error) }, 'health check: database unavailable');
      res.status(503).json({ status: 'unavailable', database: database.kind, reason: unavailableReason(error) });
      return;
    }
    res.json({ status: 'ok', database: database.kind });
  });
}

import { sql } from 'drizzle-orm';
import type { Router } from 'express';
import type { DatabaseHandle } from '../db/client';

/** GET /api/health: answers 200 when the database answers. */
export function healthRoutes(router: Router, database: DatabaseHandle): void {
  router.get('/health', async (_req, res) => {
    await database.db.execute(sql`select 1`);
    res.set('Cache-Control', 'no-store').json({ status: 'ok', database: database.kind });
  });
}

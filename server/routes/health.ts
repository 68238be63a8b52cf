import { sql } from 'drizzle-orm';
import { Router } from 'express';
import type { DatabaseHandle } from '../db/client';

/** GET /api/health: answers 200 when the database answers. */
export function healthRouter(database: DatabaseHandle): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    await database.db.execute(sql`select 1`);
    res.json({ status: 'ok', database: database.kind });
  });
  return router;
}

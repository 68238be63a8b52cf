import type { Router } from 'express';
import { visitorsQuerySchema } from '@shared/schemas/visitors';
import type { DatabaseHandle } from '../db/client';
import { HttpError } from '../services/errors';
import { createVisitorsReport } from '../services/visitors/visitors-report';

/** GET /api/owner/visitors?from=YYYY-MM-DD&to=YYYY-MM-DD (Arizona days): the Visitors section of the results. */
export function ownerVisitorRoutes(router: Router, deps: { database: DatabaseHandle }): void {
  const report = createVisitorsReport(deps.database);
  router.get('/visitors', async (req, res) => {
    const query = visitorsQuerySchema.safeParse(req.query);
    if (!query.success) throw new HttpError(400, query.error.issues[0]?.message ?? 'Choose a first and a last day.');
    res.json(await report.forDays(query.data.from, query.data.to));
  });
}

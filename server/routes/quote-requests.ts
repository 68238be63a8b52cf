import type { RequestHandler, Router } from 'express';
import { jsonBody } from '../http/json-body';
import { requestOrigin } from '../http/request-origin';
import type { QuoteService } from '../services/quote-service';

/** POST /api/quote-requests: JSON up to 16 KB -> 201 { id } (spec 7, issue 5). */
export function quoteRequestRoutes(router: Router, quotes: QuoteService, limit: RequestHandler): void {
  router.post('/quote-requests', limit, jsonBody({ limitBytes: 16 * 1024 }), async (req, res) => {
    const { id } = await quotes.submit(req.body, { origin: () => requestOrigin(req) });
    res.status(201).json({ id });
  });
}

import { Router, type RequestHandler } from 'express';
import { jsonBody } from '../http/json-body';
import { requestOrigin } from '../http/request-origin';
import type { QuoteService } from '../services/quote-service';

/** POST /api/quote-requests: JSON up to 16 KB -> 201 { id } (spec 7, issue 5). */
export function quoteRequestsRouter(quotes: QuoteService, limit: RequestHandler): Router {
  const router = Router();
  router.post('/quote-requests', limit, ...jsonBody({ limit: '16kb' }), async (req, res) => {
    const { id } = await quotes.submit(req.body, { origin: requestOrigin(req) });
    res.status(201).json({ id });
  });
  return router;
}

import type { Request, RequestHandler, Router } from 'express';
import { z } from 'zod';
import { HttpError } from '../services/errors';
import { reviewDecisionMessages, type Reviews } from '../services/reviews/reviews';

/**
 * /api/owner/reviews: every review the homeowners sent, and the owner's Approve and Hide. Mounted
 * by ownerRoutes behind the session; decisions need the site's own Origin like every change.
 */
export function ownerReviewRoutes(router: Router, deps: { reviews: Reviews; sameOrigin: RequestHandler }): void {
  const { reviews, sameOrigin } = deps;

  router.get('/reviews', async (_req, res) => {
    const [list, reviewsWaiting] = await Promise.all([reviews.list(), reviews.waiting()]);
    res.json({ reviews: list, reviewsWaiting });
  });

  router.post('/reviews/:id/approve', sameOrigin, async (req, res) => {
    res.json({ status: await reviews.approve(reviewId(req)) });
  });

  router.post('/reviews/:id/hide', sameOrigin, async (req, res) => {
    res.json({ status: await reviews.hide(reviewId(req)) });
  });
}

function reviewId(req: Request): string {
  const id = z.uuid().safeParse(req.params.id);
  if (!id.success) throw new HttpError(404, reviewDecisionMessages.notFound);
  return id.data.toLowerCase();
}

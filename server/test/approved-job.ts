import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { OwnerEstimate } from '@shared/schemas/estimates';
import type { SchedulePartStored } from '@shared/schemas/payment-schedule';
import type { Database } from '../db/client';
import { estimates } from '../db/schema';
import { jsonHeaders } from './owner-session';
import { sendQuote } from './quote-request';

/**
 * A request whose estimate the homeowner approved, with its payment schedule: what the tests of
 * invoices start from (server/routes/owner-invoices*.test.ts, e2e's invoice journey through its
 * own steps). The estimate is written and sent by the owner, approved through her own route;
 * the schedule is then set on the approved estimate by a direct update, the one place to change
 * once the estimate routes take `schedule`.
 */

/** 30 % deposit on approval, 40 % at the framing, the balance on completion. */
export const thirtyFortyThirty: SchedulePartStored[] = [
  { label: 'Deposit', due: 'approval', percentMilli: 30_000 },
  { label: 'Framing done', due: 'milestone', percentMilli: 40_000 },
  { label: 'Balance on completion', due: 'completion', percentMilli: 30_000 },
];

/** One line of $10,000.00, no tax. */
export const tenThousand = {
  items: [{ description: 'Deck rebuild, cedar, 14 × 20 ft', quantity: 1, unitPrice: 10_000 }],
  taxRate: 0,
};

export interface ApprovedJobSite {
  base: string;
  /** `/api/owner<path>` as the signed-in owner. */
  call: (path: string, init?: RequestInit) => Promise<Response>;
  /** The site's database, for the schedule. */
  db?: Database;
}

export async function approvedJob(
  site: ApprovedJobSite,
  options: {
    name?: string;
    email?: string;
    estimate?: unknown;
    schedule?: SchedulePartStored[];
    headers?: Record<string, string>;
  } = {},
): Promise<{ requestId: string; estimateId: string }> {
  const { id: requestId } = await sendQuote(
    site.base,
    { name: options.name ?? 'Dana Whitfield', email: options.email ?? 'dana@example.com' },
    options.headers,
  );
  const created = await site.call(`/requests/${requestId}/estimates`, {
    method: 'POST',
    body: JSON.stringify(options.estimate ?? tenThousand),
  });
  expect(created.status).toBe(201);
  const estimate = (await created.json()) as OwnerEstimate;
  expect((await site.call(`/estimates/${estimate.id}/send`, { method: 'POST' })).status).toBe(200);
  const approved = await fetch(`${new URL(estimate.url).pathname.replace(/^/, site.base)}/approve`, {
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify({ name: options.name ?? 'Dana Whitfield', accept: true }),
  });
  expect(approved.status).toBe(200);
  if (options.schedule) {
    if (!site.db) throw new Error('approvedJob: a schedule needs the site database');
    await site.db.update(estimates).set({ schedule: options.schedule }).where(eq(estimates.id, estimate.id));
  }
  return { requestId, estimateId: estimate.id };
}

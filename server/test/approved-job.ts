import type { OwnerEstimate } from '@shared/schemas/estimates';
import { fromStoredSchedule, type SchedulePartStored } from '@shared/schemas/payment-schedule';
import type { Database } from '../db/client';
import { validQuote } from './http';

/**
 * A request whose estimate the homeowner approved, with its payment schedule: what the tests of
 * invoices start from (server/routes/owner-invoices.test.ts, server/invoices-process.test.ts,
 * e2e/invoices.spec.ts; no test runner's API in it, so a journey uses it too). The estimate, with
 * its schedule, is written and sent by the owner and approved through her own route.
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
  const json = { 'Content-Type': 'application/json' };
  const quote = await expected(
    fetch(`${site.base}/api/quote-requests`, {
      method: 'POST',
      headers: { ...json, ...options.headers },
      body: JSON.stringify({
        ...validQuote,
        name: options.name ?? 'Dana Whitfield',
        email: options.email ?? 'dana@example.com',
      }),
    }),
    201,
  );
  const requestId = ((await quote.json()) as { id: string }).id;
  const created = await expected(
    site.call(`/requests/${requestId}/estimates`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        ...((options.estimate ?? tenThousand) as object),
        ...(options.schedule ? { schedule: fromStoredSchedule(options.schedule) } : {}),
      }),
    }),
    201,
  );
  const estimate = (await created.json()) as OwnerEstimate;
  await expected(site.call(`/estimates/${estimate.id}/send`, { method: 'POST' }), 200);
  await expected(
    fetch(`${site.base}${new URL(estimate.url).pathname}/approve`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: options.name ?? 'Dana Whitfield', accept: true }),
    }),
    200,
  );
  return { requestId, estimateId: estimate.id };
}

/** The answer, once it has `status`; else an error with what the server said. */
async function expected(answer: Promise<Response>, status: number): Promise<Response> {
  const response = await answer;
  if (response.status !== status)
    throw new Error(`${response.url}: expected ${status}, got ${response.status}: ${await response.text()}`);
  return response;
}

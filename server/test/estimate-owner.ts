import { expect } from 'vitest';
import type { OwnerEstimate } from '@shared/schemas/estimates';
import type { RequestDetail } from '@shared/schemas/owner-inbox';
import type { ServedApp } from './app-fixture';
import { jsonHeaders, signedInOwner } from './owner-session';
import { sendQuote } from './quote-request';

/**
 * What the tests of estimates share (estimates.test.ts, estimate-pdf.test.ts): the owner signed
 * in on a served app, a request, an estimate written and sent.
 */

export { jsonHeaders };

/** Three lines, the third optional: 2 × $1,250.00 + 1 × $480.50, and $900.00 as an option; 8.5 % tax. */
export const threeLines = {
  items: [
    { description: 'Cedar deck boards, 240 sq ft, installed', quantity: 2, unitPrice: 1250 },
    { description: 'Stairs, 4 steps with stringers', quantity: 1, unitPrice: 480.5 },
    { description: 'Composite railing instead of cedar', quantity: 1, unitPrice: 900, optional: true },
  ],
  taxRate: 8.5,
  notes: 'Payment: a third up front, the rest when done. Permits not included.',
};

/** The owner's side of `app`, signed in before the tests. Call it inside the describe block, after serveTestApp. */
export function estimateOwner(app: ServedApp) {
  const { call: owner, cookie } = signedInOwner(app);
  const post = (path: string, body: unknown) =>
    fetch(`${app.base}${path}`, { method: 'POST', headers: jsonHeaders, body: JSON.stringify(body) });
  const newRequest = async (name = 'Dana Whitfield') => (await sendQuote(app.base, { name })).id;
  const detailOf = async (id: string) =>
    (await (await owner(`/requests/${id}`)).json()) as RequestDetail & { estimates: OwnerEstimate[] };
  const create = async (requestId: string, body: unknown = threeLines) =>
    owner(`/requests/${requestId}/estimates`, { method: 'POST', body: JSON.stringify(body) });
  /** A new estimate of `requestId`, sent: its page's path is `path`. */
  const sent = async (requestId: string) => {
    const created = (await (await create(requestId)).json()) as OwnerEstimate;
    expect((await owner(`/estimates/${created.id}/send`, { method: 'POST' })).status).toBe(200);
    return { ...created, path: new URL(created.url).pathname };
  };
  return { owner, post, newRequest, detailOf, create, sent, cookie };
}

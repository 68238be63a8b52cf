import { beforeAll, expect } from 'vitest';
import type { OwnerEstimate } from '@shared/schemas/estimates';
import type { RequestDetail } from '@shared/schemas/owner-inbox';
import { setOwnerPassword } from '../services/owner/owner-sessions';
import type { ServedApp } from './app-fixture';
import { quickPasswordHash, setupTimeout, validQuote } from './http';

/**
 * What the tests of estimates share (estimates.test.ts, estimate-pdf.test.ts): the owner signed
 * in on a served app, a request, an estimate written and sent.
 */

const password = 'payson rodeo in august';
export const jsonHeaders = { 'Content-Type': 'application/json' };

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
  let ownerCookie = '';

  beforeAll(async () => {
    await setOwnerPassword(app.database.transaction, password, quickPasswordHash);
    const response = await fetch(`${app.base}/api/owner/session`, {
      method: 'POST',
      headers: { ...jsonHeaders, Origin: app.base },
      body: JSON.stringify({ password }),
    });
    expect(response.status).toBe(200);
    ownerCookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  }, setupTimeout);

  const owner = (path: string, init: RequestInit & { signedIn?: boolean } = {}) =>
    fetch(`${app.base}/api/owner${path}`, {
      ...init,
      headers: {
        ...(init.signedIn === false ? {} : { Cookie: ownerCookie }),
        ...(init.body ? jsonHeaders : {}),
        Origin: app.base,
      },
    });
  const post = (path: string, body: unknown) =>
    fetch(`${app.base}${path}`, { method: 'POST', headers: jsonHeaders, body: JSON.stringify(body) });
  const newRequest = async (name = 'Dana Whitfield') => {
    const response = await post('/api/quote-requests', { ...validQuote, name });
    return ((await response.json()) as { id: string }).id;
  };
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
  /** The signed-in owner's cookie (`name=value`). */
  const cookie = () => ownerCookie;
  return { owner, post, newRequest, detailOf, create, sent, cookie };
}

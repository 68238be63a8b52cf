import { describe, expect, it } from 'vitest';
import type { OwnerEstimate } from '@shared/schemas/estimates';
import { estimates } from '../db/schema';
import { serveTestApp } from '../test/app-fixture';
import { testDatabases } from '../test/databases';
import { pdfText } from '../test/pdf-text';
import { estimateOwner, threeLines } from '../test/estimate-owner';

// 2500 + 480.50 = 2980.50, tax 253.3425 rounds to 253.34: 3233.84; with the option 3880.50 + 329.84 = 4210.34.
const baseTotal = 3233.84;
const withOption = 4210.34;

describe.each(testDatabases)('estimates on $kind', (testDb) => {
  const app = serveTestApp(testDb, { label: 'estimates', apps: [{}] });
  const { database } = app;
  const { owner, post, newRequest, detailOf, create, sent, cookie } = estimateOwner(app);

  it('answers 401 to a stranger on every owner estimate route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: [string, string][] = [
      ['POST', `/requests/${id}/estimates`],
      ['GET', `/requests/${id}/estimates`],
      ['PATCH', `/estimates/${id}`],
      ['POST', `/estimates/${id}/send`],
      ['POST', `/estimates/${id}/revise`],
      ['GET', `/estimates/${id}/preview`],
      ['GET', '/estimates/past'],
      ['GET', '/estimate-settings'],
      ['PUT', '/estimate-settings'],
    ];
    for (const [method, path] of routes) {
      const response = await owner(path, { method, signedIn: false, ...(method === 'GET' ? {} : { body: '{}' }) });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it('refuses bad estimates with a clear 400 and stores nothing', async () => {
    const requestId = await newRequest();
    const line = threeLines.items[0]!;
    const bad: [unknown, RegExp][] = [
      [{ items: [] }, /at least one line/],
      [{ items: Array.from({ length: 500 }, () => line) }, /at most 100 lines/],
      [{ items: [{ ...line, description: 'x'.repeat(10_000) }] }, /at most 500 characters/],
      [{ items: [{ ...line, unitPrice: -5 }] }, /cannot be negative/],
      [{ items: [{ ...line, quantity: 0 }] }, /more than 0/],
      [{ items: [{ ...line, unitPrice: 1e12 }] }, /at most \$10,000,000/],
      [{ items: [{ ...line, quantity: 100_000, unitPrice: 9_999_999 }] }, /at most \$10,000,000/],
      [{ items: [{ ...line, unitPrice: 10.005 }] }, /dollars and cents/],
      [{ items: [{ ...line, unitPrice: '12' }] }, /number of dollars/],
      [{ items: [line], taxRate: -1 }, /cannot be negative/],
      [{ items: [line], validUntil: '2020-01-01' }, /past/],
      [{ items: [line], total: 1 }, /.+/],
    ];
    for (const [body, message] of bad) {
      const response = await create(requestId, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(message);
    }
    expect(await database.db.select().from(estimates)).toEqual([]);
  });

  it('computes every total on the server, shows the page only once sent, and approves once', async () => {
    const requestId = await newRequest();
    const response = await create(requestId);
    expect(response.status).toBe(201);
    const draft = (await response.json()) as OwnerEstimate;
    expect(draft).toMatchObject({ version: 1, status: 'draft', total: baseTotal });
    expect(draft.url).toMatch(/\/estimate\/[A-Za-z0-9_-]{43}$/);
    const path = new URL(draft.url).pathname;
    expect((await fetch(`${app.base}${path}`)).status).toBe(404);
    expect((await fetch(`${app.base}${path}/pdf`)).status).toBe(404);

    expect((await owner(`/estimates/${draft.id}/send`, { method: 'POST' })).status).toBe(200);
    let detail = await detailOf(requestId);
    expect(detail).toMatchObject({ status: 'quoted', estimateAmount: Math.round(baseTotal) });
    expect(detail.estimates[0]).toMatchObject({ status: 'sent', total: baseTotal });
    expect(detail.history.map((event) => event.kind)).toEqual(expect.arrayContaining(['status', 'estimate']));

    const page = await fetch(`${app.base}${path}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    for (const item of threeLines.items) expect(html).toContain(item.description);
    expect(html).toContain('$3,233.84');

    const pdf = await fetch(`${app.base}${path}/pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(pdf.headers.get('referrer-policy')).toBe('no-referrer');
    const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    for (const item of threeLines.items) expect(text).toContain(item.description);
    expect(text).toContain('$3,233.84');

    // The browser's total is ignored; an index that is no optional line is refused, nothing stored.
    const unknownOption = await post(`${path}/approve`, { name: 'Dana Whitfield', accept: true, options: [0] });
    expect(unknownOption.status).toBe(400);
    expect(((await unknownOption.json()) as { error: string }).error).toMatch(
      /not one of this estimate's optional lines/,
    );
    expect((await post(`${path}/approve`, { name: 'Dana Whitfield', accept: false, options: [2] })).status).toBe(400);

    // Five approvals at once: one is recorded, every answer is that record.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(`${path}/approve`, { name: 'Dana Whitfield', accept: true, options: [2], total: 1 }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ status: 'approved', total: withOption });
    }
    const again = await post(`${path}/approve`, { name: 'Someone Else', accept: true, options: [] });
    expect(await again.json()).toEqual({ status: 'approved', total: withOption });

    detail = await detailOf(requestId);
    expect(detail).toMatchObject({ status: 'won', jobValue: Math.round(withOption) });
    expect(detail.estimates[0]).toMatchObject({
      status: 'approved',
      approvedName: 'Dana Whitfield',
      approvedOptions: [2],
    });
    expect(detail.estimates[0]!.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(detail.history.filter((event) => event.kind === 'status' && event.status === 'won')).toHaveLength(1);

    const approvedPage = await (await fetch(`${app.base}${path}`)).text();
    expect(approvedPage).toMatch(/Approved on .+ by Dana Whitfield/);
    const signed = await pdfText(new Uint8Array(await (await fetch(`${app.base}${path}/pdf`)).arrayBuffer()));
    expect(signed.text).toContain('Dana Whitfield');
    expect(signed.text).toContain(detail.estimates[0]!.contentHash!);
    expect(signed.text).toContain('$4,210.34');

    const results = (await (await owner('/results?period=this-month')).json()) as {
      bySource: { key: string; estimatesSent: number; estimatesApproved: number; approvalRate: number | null }[];
    };
    expect(results.bySource.find((source) => source.estimatesApproved > 0)).toMatchObject({
      estimatesSent: 1,
      estimatesApproved: 1,
      approvalRate: 1,
    });

    // An approved estimate never changes.
    expect(
      (await owner(`/estimates/${draft.id}`, { method: 'PATCH', body: JSON.stringify({ notes: 'x' }) })).status,
    ).toBe(409);
    expect((await owner(`/estimates/${draft.id}/revise`, { method: 'POST' })).status).toBe(409);
    expect((await post(`${path}/decline`, { reason: 'price' })).status).toBe(409);
  });

  it('revises a sent estimate: the old link says it was replaced and points to the new one', async () => {
    const requestId = await newRequest('Ana Núñez');
    const first = await sent(requestId);
    const revised = await owner(`/estimates/${first.id}/revise`, { method: 'POST' });
    expect(revised.status).toBe(201);
    const second = (await revised.json()) as OwnerEstimate;
    expect(second).toMatchObject({ version: 2, status: 'draft' });
    const changed = await owner(`/estimates/${second.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ items: [{ description: 'Cedar deck boards, 300 sq ft', quantity: 1, unitPrice: 3100 }] }),
    });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as OwnerEstimate).total).toBe(3363.5);
    // Before the new version is sent, the old one still stands.
    expect(await (await fetch(`${app.base}${first.path}`)).text()).toContain('Approve estimate');
    expect((await owner(`/estimates/${second.id}/send`, { method: 'POST' })).status).toBe(200);

    const old = await (await fetch(`${app.base}${first.path}`)).text();
    expect(old).toContain('This estimate was replaced');
    expect(old).toContain(new URL(second.url).pathname);
    const refused = await post(`${first.path}/approve`, { name: 'Ana Núñez', accept: true });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toMatch(/replaced/);
    // A question on the old version is kept, and points to the current one.
    const asked = await post(`${first.path}/question`, { message: 'Does the new one include stain?' });
    expect(asked.status).toBe(200);
    expect(((await asked.json()) as { current: string }).current).toBe(new URL(second.url).pathname);
    const detail = await detailOf(requestId);
    expect(detail.notes.at(-1)).toMatchObject({ body: 'Does the new one include stain?', author: 'homeowner' });
    expect(detail).toMatchObject({ estimateAmount: 3364 });
  });

  it('declines: the request becomes Lost with the reason, and a declined estimate cannot be approved', async () => {
    const requestId = await newRequest();
    const estimate = await sent(requestId);
    expect((await post(`${estimate.path}/decline`, { reason: 'cheap' })).status).toBe(400);
    const declined = await post(`${estimate.path}/decline`, { reason: 'price', comment: 'Over our budget.' });
    expect(declined.status).toBe(200);
    expect(await detailOf(requestId)).toMatchObject({ status: 'lost', lostReason: 'price' });
    expect((await post(`${estimate.path}/approve`, { name: 'Dana Whitfield', accept: true })).status).toBe(409);
    expect(await (await fetch(`${app.base}${estimate.path}`)).text()).toContain('You declined this estimate');
  });

  it('counts a view once, from the page’s report, never the owner’s own look', async () => {
    const requestId = await newRequest();
    const estimate = await sent(requestId);
    await fetch(`${app.base}${estimate.path}`);
    expect((await detailOf(requestId)).estimates[0]!.status).toBe('sent');
    expect(
      (await fetch(`${app.base}${estimate.path}/viewed`, { method: 'POST', headers: { Cookie: cookie() } })).status,
    ).toBe(204);
    expect((await detailOf(requestId)).estimates[0]!.status).toBe('sent');
    await fetch(`${app.base}${estimate.path}/viewed`, { method: 'POST' });
    const viewed = (await detailOf(requestId)).estimates[0]!;
    expect(viewed.status).toBe('viewed');
    await fetch(`${app.base}${estimate.path}/viewed`, { method: 'POST' });
    expect((await detailOf(requestId)).estimates[0]!.viewedAt).toBe(viewed.viewedAt);
  });

  it('answers a guessed or cut token with the not-found page', async () => {
    for (const token of ['abc', 'A'.repeat(43), 'B'.repeat(44)]) {
      const response = await fetch(`${app.base}/estimate/${token}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    }
  });
});

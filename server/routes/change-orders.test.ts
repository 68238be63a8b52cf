import { describe, expect, it } from 'vitest';
import type { OwnerEstimate } from '@shared/schemas/estimates';
import { estimates } from '../db/schema';
import { serveTestApp } from '../test/app-fixture';
import { testDatabases } from '../test/databases';
import { estimateOwner } from '../test/estimate-owner';
import { pdfText } from '../test/pdf-text';

/** A $10,000.00 deck, no tax, paid 30/40/30. */
const deck = {
  items: [{ description: 'Cedar deck, 400 sq ft, installed', quantity: 1, unitPrice: 10_000 }],
  taxRate: 0,
  schedule: [
    { label: 'Deposit', percent: 30, due: 'approval' },
    { label: 'When the framing is done', percent: 40, due: 'milestone' },
    { label: 'Balance', percent: 30, due: 'completion' },
  ],
};

const wider = (changeOf: string, unitPrice = 1200, reason = 'A wider landing at the stairs') => ({
  changeOf,
  reason,
  daysAdded: 2,
  items: [{ description: 'Landing widened to 6 ft', quantity: 1, unitPrice }],
});

describe.each(testDatabases)('change orders on $kind', (testDb) => {
  const app = serveTestApp(testDb, { label: 'change-orders', apps: [{}] });
  const { owner, post, newRequest, detailOf, create } = estimateOwner(app);

  const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;
  const sendOf = (id: string) => owner(`/estimates/${id}/send`, { method: 'POST' });
  const approve = (url: string, name = 'Dana Whitfield') =>
    post(`${new URL(url).pathname}/approve`, { name, accept: true, options: [] });

  /** A request whose $10,000 estimate was sent and approved. */
  async function approvedDeck() {
    const requestId = await newRequest();
    const estimate = (await (await create(requestId, deck)).json()) as OwnerEstimate;
    expect((await sendOf(estimate.id)).status).toBe(200);
    expect((await approve(estimate.url)).status).toBe(200);
    return { requestId, estimate };
  }

  it('refuses a change order before the approval, or of another paper, and stores nothing', async () => {
    const requestId = await newRequest();
    const estimate = (await (await create(requestId, deck)).json()) as OwnerEstimate;
    expect((await sendOf(estimate.id)).status).toBe(200);
    const early = await create(requestId, wider(estimate.id));
    expect(early.status).toBe(409);
    expect(await errorOf(early)).toMatch(/no approved estimate yet/);

    expect((await approve(estimate.url)).status).toBe(200);
    const other = await create(requestId, wider('00000000-0000-4000-8000-000000000000'));
    expect(other.status).toBe(400);
    expect(await errorOf(other)).toMatch(/must refer to the request’s approved estimate \(Estimate 1\)/);
    const tooLarge = await create(requestId, wider(estimate.id, 9_995_000));
    expect(tooLarge.status).toBe(400);
    expect(await errorOf(tooLarge)).toMatch(/over \$10,000,000/);
    const noReason = await create(requestId, { ...wider(estimate.id), reason: ' ' });
    expect(await errorOf(noReason)).toMatch(/Say why the work changes/);
    const scheduled = await create(requestId, { ...wider(estimate.id), schedule: deck.schedule });
    expect(scheduled.status).toBe(400);
    const rows = await app.database.db.select().from(estimates);
    expect(rows.filter((row) => row.kind === 'change-order')).toEqual([]);
  });

  it('adds an approved change order to the job, never to the approved estimate, and follows it in the schedule', async () => {
    const { requestId, estimate } = await approvedDeck();
    const response = await create(requestId, wider(estimate.id));
    expect(response.status).toBe(201);
    const change = (await response.json()) as OwnerEstimate;
    expect(change).toMatchObject({ kind: 'change-order', total: 1200, title: 'Change order 1 to Estimate 1' });
    expect(change.url).toMatch(/\/estimate\/[A-Za-z0-9_-]{43}$/);
    // His preview of the draft shows what she will see: the title, the reason and the job's new total.
    const preview = await (await owner(`/estimates/${change.id}/preview`)).text();
    for (const text of ['Change order 1 to Estimate 1', 'A wider landing at the stairs', '$11,200.00'])
      expect(preview).toContain(text);
    expect((await sendOf(change.id)).status).toBe(200);

    const path = new URL(change.url).pathname;
    const page = await (await fetch(`${app.base}${path}`)).text();
    expect(page).toContain('Change order 1 to Estimate 1');
    expect(page).toContain('A wider landing at the stairs');
    expect(page).toContain('$11,200.00');
    const pdf = await pdfText(new Uint8Array(await (await fetch(`${app.base}${path}/pdf`)).arrayBuffer()));
    expect(pdf.text).toContain('Change order 1 to Estimate 1');
    expect(pdf.text).toContain('$11,200.00');

    expect(await (await approve(change.url)).json()).toEqual({ status: 'approved', total: 1200 });
    const detail = await detailOf(requestId);
    expect(detail).toMatchObject({ status: 'won', jobValue: 11_200 });
    const approved = detail.estimates.find((paper) => paper.id === estimate.id)!;
    expect(approved).toMatchObject({ status: 'approved', approvedTotal: 10_000, jobTotal: 11_200 });
    // 30 % of 11,200 is 3,360; the last part takes what is left.
    expect(approved.schedule.map((part) => part.dollars)).toEqual([3360, 4480, 3360]);
    expect(detail.estimates.find((paper) => paper.id === change.id)).toMatchObject({
      status: 'approved',
      reason: 'A wider landing at the stairs',
      daysAdded: 2,
    });
  });

  it('takes credits, but never below a job of $0; approves two change orders; still refuses a second estimate', async () => {
    const { requestId, estimate } = await approvedDeck();
    const tooMuch = await create(requestId, wider(estimate.id, -12_000, 'Deck dropped'));
    expect(tooMuch.status).toBe(400);
    expect(await errorOf(tooMuch)).toMatch(/below \$0/);
    expect((await create(requestId, { ...deck })).status).toBe(201);

    const credit = (await (
      await create(requestId, wider(estimate.id, -500, 'Stairs kept as they are'))
    ).json()) as OwnerEstimate;
    expect(credit).toMatchObject({ kind: 'change-order', total: -500 });
    const added = (await (await create(requestId, wider(estimate.id))).json()) as OwnerEstimate;
    expect((await sendOf(credit.id)).status).toBe(200);
    expect((await sendOf(added.id)).status).toBe(200);
    expect((await approve(credit.url)).status).toBe(200);
    expect((await approve(added.url)).status).toBe(200);
    const detail = await detailOf(requestId);
    expect(detail.jobValue).toBe(10_700);
    expect(
      detail.estimates
        .filter((paper) => paper.kind === 'change-order')
        .map((paper) => paper.title)
        .sort(),
    ).toEqual(['Change order 1 to Estimate 1', 'Change order 2 to Estimate 1']);

    // A new estimate of the request is still refused once one was approved.
    const second = detail.estimates.find((paper) => paper.kind === 'estimate' && paper.status === 'draft')!;
    const refused = await sendOf(second.id);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatch(/approved already/);
    expect((await owner(`/estimates/${credit.id}/revise`, { method: 'POST' })).status).toBe(409);
  });

  it('refuses the approval of a credit that another approved credit left no room for', async () => {
    const { requestId, estimate } = await approvedDeck();
    const credits: OwnerEstimate[] = [];
    for (const reason of ['Railing dropped', 'Stairs dropped']) {
      const credit = (await (await create(requestId, wider(estimate.id, -6000, reason))).json()) as OwnerEstimate;
      expect((await sendOf(credit.id)).status).toBe(200);
      credits.push(credit);
    }
    expect((await approve(credits[0]!.url)).status).toBe(200);
    const refused = await approve(credits[1]!.url);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatch(/below \$0/);
    const detail = await detailOf(requestId);
    expect(detail.jobValue).toBe(4000);
    expect(detail.estimates.find((paper) => paper.id === credits[1]!.id)?.status).not.toBe('approved');
  });

  it('leaves the job as it was when she declines a change order', async () => {
    const { requestId, estimate } = await approvedDeck();
    const change = (await (await create(requestId, wider(estimate.id))).json()) as OwnerEstimate;
    expect((await sendOf(change.id)).status).toBe(200);
    const declined = await post(`${new URL(change.url).pathname}/decline`, { reason: 'price' });
    expect(declined.status).toBe(200);
    expect(await detailOf(requestId)).toMatchObject({ status: 'won', jobValue: 10_000 });
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EstimateSettings, OwnerEstimate } from '@shared/schemas/estimates';
import { estimates } from '../db/schema';
import { canonicalSha256 } from '../services/estimates/canonical-json';
import { serveTestApp } from '../test/app-fixture';
import { testDatabases } from '../test/databases';
import { estimateOwner, threeLines } from '../test/estimate-owner';
import { pdfText } from '../test/pdf-text';

const thirtyFortyThirty = [
  { label: 'Deposit', percent: 30, due: 'approval' },
  { label: 'When the framing is done', percent: 40, due: 'milestone' },
  { label: 'Balance', percent: 30, due: 'completion' },
];

/** $11,200.00, no tax: 30 % is $3,360.00. */
const kitchen = {
  items: [{ description: 'Kitchen cabinets, installed', quantity: 1, unitPrice: 11_200 }],
  taxRate: 0,
  schedule: thirtyFortyThirty,
};

describe.each(testDatabases)('payment schedules on $kind', (testDb) => {
  const app = serveTestApp(testDb, { label: 'estimate-schedule', apps: [{}] });
  const { owner, post, newRequest, detailOf, create } = estimateOwner(app);
  const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;

  it('refuses a bad schedule in plain words and stores nothing', async () => {
    const requestId = await newRequest();
    const part = thirtyFortyThirty[0]!;
    const bad: [unknown, RegExp][] = [
      [
        [
          { ...part, percent: 30 },
          { ...part, percent: 60 },
        ],
        /must add up to 100/,
      ],
      [[{ ...part, amount: 500 }], /a percent or an amount, not both/],
      [[{ label: 'Deposit', due: 'approval' }], /a percent or an amount, not both/],
      [[{ ...part, label: '' }], /needs a name/],
      [[{ ...part, due: 'tomorrow' }], /“approval”, “milestone” or “completion”/],
      [[{ ...part, percent: -5 }], /more than 0/],
      [[{ label: 'Deposit', amount: 10.005, due: 'approval' }], /dollars and cents/],
      [Array.from({ length: 11 }, () => ({ label: 'Part', amount: 10, due: 'milestone' })), /at most 10 parts/],
      ['30 % down', /a list of parts/],
    ];
    for (const [schedule, message] of bad) {
      const response = await create(requestId, { ...kitchen, schedule });
      expect(response.status, JSON.stringify(schedule).slice(0, 80)).toBe(400);
      expect(await errorOf(response)).toMatch(message);
    }
    expect(await app.database.db.select().from(estimates)).toEqual([]);
  });

  it('gives each part its dollars, the last taking the rounding, and changes with the draft', async () => {
    const requestId = await newRequest();
    const created = (await (await create(requestId, kitchen)).json()) as OwnerEstimate;
    expect(await (await owner(`/estimates/${created.id}/preview`)).text()).toContain('$4,480.00');
    expect(created.schedule).toEqual([
      { label: 'Deposit', percent: 30, due: 'approval', dollars: 3360 },
      { label: 'When the framing is done', percent: 40, due: 'milestone', dollars: 4480 },
      { label: 'Balance', percent: 30, due: 'completion', dollars: 3360 },
    ]);
    const changed = await owner(`/estimates/${created.id}`, {
      method: 'PATCH',
      body: JSON.stringify({
        items: [{ description: 'Kitchen cabinets, installed', quantity: 1, unitPrice: 1000.01 }],
        schedule: [
          { label: 'Deposit', amount: 250, due: 'approval' },
          { label: 'Balance', percent: 100, due: 'completion' },
        ],
      }),
    });
    expect(changed.status).toBe(200);
    const detail = await detailOf(requestId);
    expect(detail.estimates[0]!.schedule.map((part) => part.dollars)).toEqual([250, 750.01]);
  });

  it('starts a new estimate from his default schedule, saved in the estimate settings', async () => {
    const saved = await owner('/estimate-settings', {
      method: 'PUT',
      body: JSON.stringify({ taxRate: 0, followUpDays: [3], defaultSchedule: thirtyFortyThirty }),
    });
    expect(saved.status).toBe(200);
    const settings = (await (await owner('/estimate-settings')).json()) as EstimateSettings;
    expect(settings.defaultSchedule).toEqual(thirtyFortyThirty);
    const badDefault = await owner('/estimate-settings', {
      method: 'PUT',
      body: JSON.stringify({
        taxRate: 0,
        followUpDays: [3],
        defaultSchedule: [{ label: 'Deposit', percent: 30, due: 'approval' }],
      }),
    });
    expect(badDefault.status).toBe(400);
    expect(await errorOf(badDefault)).toMatch(/must add up to 100/);

    const requestId = await newRequest();
    const { schedule: _, ...withoutSchedule } = kitchen;
    const fromDefault = (await (await create(requestId, withoutSchedule)).json()) as OwnerEstimate;
    expect(fromDefault.schedule.map((part) => part.dollars)).toEqual([3360, 4480, 3360]);
    const none = (await (await create(await newRequest(), { ...kitchen, schedule: [] })).json()) as OwnerEstimate;
    expect(none.schedule).toEqual([]);
    await owner('/estimate-settings', {
      method: 'PUT',
      body: JSON.stringify({ taxRate: 0, followUpDays: [3], defaultSchedule: [] }),
    });
  });

  it('shows the schedule on her page and in the PDF, on the total with the options she ticks', async () => {
    const requestId = await newRequest();
    const created = (await (
      await create(requestId, { ...threeLines, schedule: thirtyFortyThirty })
    ).json()) as OwnerEstimate;
    expect((await owner(`/estimates/${created.id}/send`, { method: 'POST' })).status).toBe(200);
    const path = new URL(created.url).pathname;
    // $3,233.84: 30 % is $970.15, 40 % is $1,293.54, the balance $970.15.
    const page = await (await fetch(`${app.base}${path}`)).text();
    expect(page).toContain('Payment schedule');
    for (const amount of ['$970.15', '$1,293.54']) expect(page).toContain(amount);
    const pdf = await pdfText(new Uint8Array(await (await fetch(`${app.base}${path}/pdf`)).arrayBuffer()));
    expect(pdf.text).toContain('Payment schedule');
    expect(pdf.text).toContain('$970.15');

    // Ticking the option (without scripts: Update total) moves each part: $4,210.34 is $1,263.10 + $1,684.14 + $1,263.10.
    const ticked = await fetch(`${app.base}${path}/options`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'options=2',
      redirect: 'follow',
    });
    const after = await ticked.text();
    expect(after).toContain('$1,263.10');
    expect(after).toContain('$1,684.14');

    expect((await post(`${path}/approve`, { name: 'Dana Whitfield', accept: true, options: [2] })).status).toBe(200);
    const signed = await pdfText(new Uint8Array(await (await fetch(`${app.base}${path}/pdf`)).arrayBuffer()));
    expect(signed.text).toContain('$1,684.14');
  });

  it('still reads and verifies an estimate sent before schedules existed', async () => {
    const requestId = await newRequest();
    const created = (await (await create(requestId, threeLines)).json()) as OwnerEstimate;
    expect((await owner(`/estimates/${created.id}/send`, { method: 'POST' })).status).toBe(200);
    const [row] = await app.database.db.select().from(estimates).where(eq(estimates.id, created.id));
    const { schedule: _, ...older } = row!.frozen!;
    await app.database.db
      .update(estimates)
      .set({ frozen: older, contentHash: canonicalSha256(older) })
      .where(eq(estimates.id, created.id));
    const path = new URL(created.url).pathname;
    const page = await fetch(`${app.base}${path}`);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain('Payment schedule');
    expect((await post(`${path}/approve`, { name: 'Dana Whitfield', accept: true, options: [] })).status).toBe(200);
    const [approved] = await app.database.db.select().from(estimates).where(eq(estimates.id, created.id));
    expect(approved!.contentHash).toBe(canonicalSha256(approved!.frozen));
    const detail = await detailOf(requestId);
    expect(detail.estimates[0]).toMatchObject({ status: 'approved', schedule: [] });
    const signed = await pdfText(new Uint8Array(await (await fetch(`${app.base}${path}/pdf`)).arrayBuffer()));
    expect(signed.text).toContain(approved!.contentHash!);
  });
});

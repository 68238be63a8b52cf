import { describe, expect, it } from 'vitest';
import { serveTestApp } from '../test/app-fixture';
import { testDatabases } from '../test/databases';
import { estimateOwner, jsonHeaders } from '../test/estimate-owner';

const formHeaders = { 'Content-Type': 'application/x-www-form-urlencoded' };
const railing = /<input type="checkbox" id="option-2" name="options" value="2"( checked)?/;

/**
 * The homeowner's ticks of the optional lines are kept against the estimate until she answers:
 * her page shows them again wherever she opens the link, with the script (saved as she ticks) or
 * without it (Update total).
 */
describe.each(testDatabases)('the options she ticked on $kind', (testDb) => {
  const app = serveTestApp(testDb, { label: 'estimate-options', apps: [{}] });
  const { newRequest, sent } = estimateOwner(app);

  const page = async (path: string) => {
    const html = await (await fetch(`${app.base}${path}`)).text();
    return {
      ticked: railing.exec(html)?.[1] === ' checked',
      total: /data-total="total"[^>]*>([^<]+)</.exec(html)?.[1],
      html,
    };
  };
  const choose = (path: string, options: unknown) =>
    fetch(`${app.base}${path}/options`, { method: 'POST', headers: jsonHeaders, body: JSON.stringify({ options }) });

  it('shows the railing she ticked when she opens her link again, and approves with it', async () => {
    const estimate = await sent(await newRequest('Dana Whitfield'));
    expect(await page(estimate.path)).toMatchObject({ ticked: false, total: '$3,233.84' });
    const saved = await choose(estimate.path, [2]);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ options: [2], total: 4210.34 });
    expect(await page(estimate.path)).toMatchObject({ ticked: true, total: '$4,210.34' });
    expect((await choose(estimate.path, [])).status).toBe(200);
    expect(await page(estimate.path)).toMatchObject({ ticked: false, total: '$3,233.84' });
  });

  it('keeps the choice of the form without scripts (Update total) and the name she typed', async () => {
    const estimate = await sent(await newRequest('Renée Castillo'));
    const updated = await fetch(`${app.base}${estimate.path}/options`, {
      method: 'POST',
      headers: formHeaders,
      body: 'options=2&name=Ren%C3%A9e+Castillo',
      redirect: 'manual',
    });
    expect(updated.status).toBe(303);
    const back = updated.headers.get('location')!;
    expect(back).toBe(`${estimate.path}?name=Ren%C3%A9e%20Castillo`);
    const shown = await page(back);
    expect(shown).toMatchObject({ ticked: true, total: '$4,210.34' });
    expect(shown.html).toContain('value="Renée Castillo"');
    // The link from her e-mail, opened later on another device.
    expect(await page(estimate.path)).toMatchObject({ ticked: true, total: '$4,210.34' });
  });

  it('refuses a line that is not optional, and keeps nothing once she answered', async () => {
    const estimate = await sent(await newRequest('Hazel Nakai'));
    const wrong = await choose(estimate.path, [0]);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toBe(
      "Option 0 is not one of this estimate's optional lines.",
    );
    await choose(estimate.path, [2]);
    const approved = await fetch(`${app.base}${estimate.path}/approve`, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ name: 'Hazel Nakai', accept: true, options: [2] }),
    });
    expect(await approved.json()).toEqual({ status: 'approved', total: 4210.34 });
    const late = await choose(estimate.path, []);
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: string }).error).toBe(
      'This estimate was answered already: call us to change anything.',
    );
    expect((await page(estimate.path)).html).toContain('Approved total');
  });
});

import { expect, test } from '@playwright/test';
import { pdfText } from '../server/test/pdf-text';
import { expectNoAxeViolations } from './axe';
import { openNewEstimate } from './estimate-journey';
import { withJourneyServer } from './journey-server';

/**
 * The sale on the site: on his phone the owner writes a three-line estimate with one optional
 * line and sends it; the homeowner's e-mail (a real SMTP server) has the link and the PDF; she
 * opens the page (the owner sees it Viewed), gets one follow-up (after a fraction of a day),
 * ticks the option, signs and approves; the request is Won with the option's value, counted on
 * the results page under its source; the signed PDF carries her name and the hash.
 */
const password = 'sawdust and pine needles';
const lines = [
  { description: 'Cedar deck boards, 240 sq ft, installed', quantity: '2', price: '1250' },
  { description: 'Stairs, 4 steps with stringers', quantity: '1', price: '480.50' },
  { description: 'Composite railing instead of cedar', quantity: '1', price: '900', optional: true },
];

test('the owner sends an estimate from his phone and the homeowner approves it online @mobile', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  // One follow-up, 0.0001 days (under 9 s) after sending.
  const options = { password, mail: true, env: { ESTIMATE_FOLLOW_UP_DAYS: '0.0001' } } as const;
  await withJourneyServer('estimates', options, async ({ base, smtp }) => {
    await openNewEstimate(page, base, password);
    for (const [index, line] of lines.entries()) {
      if (index > 0) await page.getByRole('button', { name: 'Add line' }).click();
      const group = page.getByRole('group', { name: `Line ${index + 1}` });
      await group.getByLabel('Description').fill(line.description);
      await group.getByLabel('Quantity').fill(line.quantity);
      await group.getByLabel('Unit price').fill(line.price);
      if (line.optional) await group.getByLabel('Optional').check();
    }
    await page.getByLabel('Tax rate (%)').fill('8.5');
    await page
      .getByLabel('Notes for the homeowner')
      .fill('A third up front, the rest when done. Permits not included.');
    await expect(page.getByTestId('estimate-total')).toHaveText('$3,233.84');
    await page.screenshot({ path: testInfo.outputPath('estimate-form-390.png'), fullPage: true, scale: 'css' });
    await page.getByRole('button', { name: 'Send estimate' }).click();
    // Asked once: to whom, and for how much.
    const asked = page.getByRole('dialog', { name: 'Send the estimate to Dana Whitfield?' });
    await expect(asked).toContainText('dana@example.com');
    await expect(asked).toContainText('$3,233.84');
    await asked.getByRole('button', { name: 'Send now' }).click();
    await expect(page.getByText('Estimate sent to Dana Whitfield').first()).toBeVisible();
    await expect(page.locator('[data-estimate-version="1"]')).toContainText('Sent');
    await expect(page.getByLabel('Status')).toHaveValue('quoted');

    const toDana = () => smtp.received.filter((mail) => mail.subject?.startsWith('Your estimate for the deck'));
    await expect.poll(() => toDana().length, { timeout: 30_000 }).toBe(1);
    const mail = toDana()[0]!;
    const path = /\/estimate\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')![0];
    const attached = mail.attachments.find((file) => file.contentType === 'application/pdf')!;
    const { text } = await pdfText(new Uint8Array(attached.content));
    for (const line of lines) expect(text).toContain(line.description);
    expect(text).toContain('$3,233.84');

    // The follow-up goes once.
    const followUps = () => smtp.received.filter((m) => m.subject?.startsWith('A reminder: your estimate'));
    await expect.poll(() => followUps().length, { timeout: 30_000 }).toBe(1);

    // The homeowner, on her phone.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const tab = await phone.newPage();
    await tab.goto(`${base}${path}`);
    await expect(tab.getByRole('heading', { name: 'Estimate for your deck' })).toBeVisible();
    await expectNoAxeViolations(tab);
    await tab.screenshot({ path: testInfo.outputPath('estimate-page-390.png'), fullPage: true, scale: 'css' });
    await page.reload();
    await expect(page.locator('[data-estimate-version="1"]')).toContainText('Viewed');

    await tab.getByLabel('Composite railing instead of cedar').check();
    await expect(tab.locator('[data-total="total"]')).toHaveText('$4,210.34');
    await tab.getByLabel('Your full name').fill('Dana Whitfield');
    await tab.getByLabel('I accept this estimate and its terms').check();
    await tab.getByRole('button', { name: 'Approve estimate' }).click();
    await expect(tab.getByRole('heading', { name: /Approved on .+ by Dana Whitfield/ })).toBeVisible();
    await tab.screenshot({ path: testInfo.outputPath('estimate-approved-390.png'), fullPage: true, scale: 'css' });

    await page.reload();
    // The app loads again from scratch: its code, the session, then the request.
    await expect(page.getByLabel('Status')).toHaveValue('won', { timeout: 20_000 });
    await expect(page.locator('[data-estimate-version="1"]')).toContainText('Approved');
    const detail = (await (
      await page.request.get(`${base}/api/owner/requests/${page.url().split('/').pop()}`)
    ).json()) as {
      jobValue: number;
      estimates: { contentHash: string }[];
    };
    expect(detail.jobValue).toBe(4210);
    const signed = await pdfText(new Uint8Array(await (await fetch(`${base}${path}/pdf`)).arrayBuffer()));
    expect(signed.text).toContain('Dana Whitfield');
    expect(signed.text).toContain(detail.estimates[0]!.contentHash);

    // Approving again changes nothing, and no follow-up comes after the answer.
    const again = await fetch(`${base}${path}/approve`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Someone Else', accept: true, options: [] }),
    });
    expect(await again.json()).toEqual({ status: 'approved', total: 4210.34 });
    expect(followUps()).toHaveLength(1);

    await page.goto(`${base}/owner/results`);
    const bySource = page.getByRole('region', { name: 'Estimates by source' });
    await expect(bySource.getByRole('row', { name: /Not recorded/ })).toContainText(/1\s*1\s*100 %/);
    await phone.close();
  });
});

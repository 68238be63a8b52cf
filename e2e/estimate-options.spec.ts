import { expect, test, type Page } from '@playwright/test';
import { postQuoteRequest } from './own-server';
import { withJourneyServer } from './journey-server';

/**
 * The homeowner ticks the railing, leaves, and opens her e-mail link again (a reload, her other
 * phone, or a browser without scripts): the railing is still ticked and the total still has it,
 * until she approves. Her ticks are kept on the server against the estimate.
 */
const password = 'cedar shavings on the porch';
const json = { 'Content-Type': 'application/json' };
const railing = 'Composite railing instead of cedar';

/** A request, an estimate with the optional railing, sent: the path of the homeowner's page. */
async function sentEstimate(base: string): Promise<string> {
  const id = await postQuoteRequest(base);
  const session = await fetch(`${base}/api/owner/session`, {
    method: 'POST',
    headers: { ...json, Origin: base },
    body: JSON.stringify({ password }),
  });
  const owner = { ...json, Origin: base, Cookie: (session.headers.get('set-cookie') ?? '').split(';')[0]! };
  const created = await fetch(`${base}/api/owner/requests/${id}/estimates`, {
    method: 'POST',
    headers: owner,
    body: JSON.stringify({
      items: [
        { description: 'Cedar deck boards, 240 sq ft, installed', quantity: 2, unitPrice: 1250 },
        { description: 'Stairs, 4 steps with stringers', quantity: 1, unitPrice: 480.5 },
        { description: railing, quantity: 1, unitPrice: 900, optional: true },
      ],
      taxRate: 8.5,
    }),
  });
  const estimate = (await created.json()) as { id: string; url: string };
  expect(
    (await fetch(`${base}/api/owner/estimates/${estimate.id}/send`, { method: 'POST', headers: owner })).status,
  ).toBe(200);
  return new URL(estimate.url).pathname;
}

const total = (page: Page) => page.locator('[data-total="total"]');

test('the options she ticked are still ticked when she opens her link again @mobile', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await withJourneyServer('estimate-options', { password }, async ({ base }) => {
    const path = await sentEstimate(base);
    await page.goto(`${base}${path}`);
    await expect(total(page)).toHaveText('$3,233.84');
    const saved = page.waitForResponse((response) => response.url().endsWith(`${path}/options`));
    await page.getByLabel(railing).check();
    await expect(total(page)).toHaveText('$4,210.34');
    expect((await saved).status()).toBe(200);

    // She leaves and opens the link again.
    await page.goto(`${base}${path}`);
    await expect(page.getByLabel(railing)).toBeChecked();
    await expect(total(page)).toHaveText('$4,210.34');

    // On her other phone, without scripts: the same ticks; she takes the railing out with Update total.
    const plain = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      javaScriptEnabled: false,
    });
    const other = await plain.newPage();
    await other.goto(`${base}${path}`);
    await expect(other.getByLabel(railing)).toBeChecked();
    await expect(total(other)).toHaveText('$4,210.34');
    await other.getByLabel('Your full name').fill('Dana Whitfield');
    await other.getByLabel(railing).uncheck();
    await other.getByRole('button', { name: 'Update total' }).click();
    await expect(total(other)).toHaveText('$3,233.84');
    await expect(other.getByLabel('Your full name')).toHaveValue('Dana Whitfield');
    await other.goto(`${base}${path}`);
    await expect(other.getByLabel(railing)).not.toBeChecked();

    // Back on the first phone she ticks it again and approves: the railing is in what she signed.
    await page.goto(`${base}${path}`);
    await expect(page.getByLabel(railing)).not.toBeChecked();
    const savedAgain = page.waitForResponse((response) => response.url().endsWith(`${path}/options`));
    await page.getByLabel(railing).check();
    await savedAgain;
    await page.goto(`${base}${path}`);
    await expect(page.getByLabel(railing)).toBeChecked();
    await page.getByLabel('Your full name').fill('Dana Whitfield');
    await page.getByLabel('I accept this estimate and its terms').check();
    await page.getByRole('button', { name: 'Approve estimate' }).click();
    await expect(page.getByRole('heading', { name: /Approved on .+ by Dana Whitfield/ })).toBeVisible();
    await expect(total(page)).toHaveText('$4,210.34');
    await plain.close();
  });
});

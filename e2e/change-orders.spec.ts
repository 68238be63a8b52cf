import { expect, test, type Page } from '@playwright/test';
import { pdfText } from '../server/test/pdf-text';
import { expectNoAxeViolations } from './axe';
import { openNewEstimate } from './estimate-journey';
import { withJourneyServer } from './journey-server';

/**
 * After the yes, on his phone: the owner writes a $10,000 estimate with an optional railing and a
 * 30/40/30 payment schedule and sends it; the homeowner's page shows the schedule in dollars and
 * follows the option she ticks; she approves. A change order adding $1,200 goes to her, titled
 * "Change order 1 to Estimate 1" on her page, in the e-mail and its PDF; she approves it, and the
 * owner sees the job value and the schedule follow the new total, the approved estimate unchanged.
 */
const password = 'sawdust and pine needles';

async function fillPart(page: Page, index: number, part: { name: string; percent: string; due: string }) {
  await page.getByRole('button', { name: 'Add a part' }).click();
  const group = page.getByRole('group', { name: `Part ${index}` });
  await group.getByLabel('Name').fill(part.name);
  await group.getByLabel('Percent').fill(part.percent);
  await group.getByLabel('Due').selectOption({ label: part.due });
}

const partAmounts = (page: Page) => page.getByTestId('schedule-part-amount');

test('a payment schedule and a change order she approves carry the job to its new total @mobile', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  await withJourneyServer('change-orders', { password, mail: true }, async ({ base, smtp }) => {
    await openNewEstimate(page, base, password);
    const first = page.getByRole('group', { name: 'Line 1' });
    await first.getByLabel('Description').fill('Cedar deck, 400 sq ft, installed');
    await first.getByLabel('Unit price').fill('10000');
    await page.getByRole('button', { name: 'Add line' }).click();
    const option = page.getByRole('group', { name: 'Line 2' });
    await option.getByLabel('Description').fill('Composite railing instead of cedar');
    await option.getByLabel('Unit price').fill('900');
    await option.getByLabel('Optional').check();
    await page.getByLabel('Tax rate (%)').fill('0');

    await fillPart(page, 1, { name: 'Deposit', percent: '30', due: 'On approval' });
    await fillPart(page, 2, { name: 'When the framing is done', percent: '40', due: 'At a milestone' });
    await fillPart(page, 3, { name: 'Balance', percent: '30', due: 'On completion' });
    await expect(partAmounts(page)).toHaveText(['$3,000.00', '$4,000.00', '$3,000.00']);
    await page.screenshot({ path: testInfo.outputPath('schedule-form-390.png'), fullPage: true, scale: 'css' });
    await page.getByRole('button', { name: 'Send estimate' }).click();
    await page
      .getByRole('dialog', { name: 'Send the estimate to Dana Whitfield?' })
      .getByRole('button', { name: 'Send now' })
      .click();
    await expect(page.getByText('Estimate sent to Dana Whitfield').first()).toBeVisible();

    const mailTo = (start: string) => smtp.received.filter((mail) => mail.subject?.startsWith(start));
    await expect.poll(() => mailTo('Your estimate for the deck').length, { timeout: 30_000 }).toBe(1);
    const estimatePath = /\/estimate\/[A-Za-z0-9_-]{43}/.exec(mailTo('Your estimate for the deck')[0]!.text ?? '')![0];
    const sentPdf = await pdfText(
      new Uint8Array(
        mailTo('Your estimate for the deck')[0]!.attachments.find((file) => file.contentType === 'application/pdf')!
          .content,
      ),
    );
    expect(sentPdf.text).toContain('Payment schedule');
    expect(sentPdf.text).toContain('$4,000.00');

    // The homeowner, on her phone: the schedule in dollars, following the option she ticks.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const tab = await phone.newPage();
    await tab.goto(`${base}${estimatePath}`);
    const schedule = tab.locator('[data-schedule-amount]');
    await expect(schedule).toHaveText(['$3,000.00', '$4,000.00', '$3,000.00']);
    await tab.getByLabel('Composite railing instead of cedar').check();
    await expect(tab.locator('[data-total="total"]')).toHaveText('$10,900.00');
    await expect(schedule).toHaveText(['$3,270.00', '$4,360.00', '$3,270.00']);
    await expectNoAxeViolations(tab);
    await tab.screenshot({ path: testInfo.outputPath('schedule-page-390.png'), fullPage: true, scale: 'css' });
    await tab.getByLabel('Your full name').fill('Dana Whitfield');
    await tab.getByLabel('I accept this estimate and its terms').check();
    await tab.getByRole('button', { name: 'Approve estimate' }).click();
    await expect(tab.getByRole('heading', { name: /Approved on .+ by Dana Whitfield/ })).toBeVisible();

    // The owner writes a change order adding $1,200.
    await page.reload();
    await expect(page.getByLabel('Status')).toHaveValue('won', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Change order', exact: true }).click();
    const line = page.getByRole('group', { name: 'Line 1' });
    await line.getByLabel('Description').fill('Landing widened to 6 ft');
    await line.getByLabel('Unit price').fill('1200');
    await page.getByLabel('Reason for the change').fill('She asked for a wider landing at the stairs');
    await page.getByLabel('Days added to the work').fill('2');
    await expect(page.getByTestId('change-order-total')).toHaveText('$1,200.00');
    await expect(page.getByText('$12,100.00')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('change-order-form-390.png'), fullPage: true, scale: 'css' });
    await page.getByRole('button', { name: 'Send change order' }).click();
    await page
      .getByRole('dialog', { name: 'Send the change order to Dana Whitfield?' })
      .getByRole('button', { name: 'Send now' })
      .click();
    await expect(page.getByText('Change order sent to Dana Whitfield').first()).toBeVisible();
    await expect(page.getByText('Change order 1 to Estimate 1').first()).toBeVisible();

    await expect.poll(() => mailTo('Change order 1 to Estimate 1').length, { timeout: 30_000 }).toBe(1);
    const changeMail = mailTo('Change order 1 to Estimate 1')[0]!;
    const changePath = /\/estimate\/[A-Za-z0-9_-]{43}/.exec(changeMail.text ?? '')![0];
    const changePdf = await pdfText(
      new Uint8Array(changeMail.attachments.find((file) => file.contentType === 'application/pdf')!.content),
    );
    for (const text of ['Change order 1 to Estimate 1', 'She asked for a wider landing', '$1,200.00', '$12,100.00'])
      expect(changePdf.text).toContain(text);

    await tab.goto(`${base}${changePath}`);
    await expect(tab.getByRole('heading', { name: 'Change order 1 to Estimate 1' })).toBeVisible();
    await expect(tab.getByText('New job total')).toBeVisible();
    await expectNoAxeViolations(tab);
    await tab.screenshot({ path: testInfo.outputPath('change-order-page-390.png'), fullPage: true, scale: 'css' });
    await tab.getByLabel('Your full name').fill('Dana Whitfield');
    await tab.getByLabel('I accept this change order and its terms').check();
    await tab.getByRole('button', { name: 'Approve change order' }).click();
    await expect(tab.getByRole('heading', { name: /Approved on .+ by Dana Whitfield/ })).toBeVisible();

    // She gets the signed change order; he is told, with it.
    const approvedMail = () => mailTo('Change order 1 to Estimate 1 approved');
    await expect.poll(() => approvedMail().length, { timeout: 30_000 }).toBe(2);
    const hers = approvedMail().find((mail) => JSON.stringify(mail.to).includes('dana@example.com'))!;
    const signedPdf = hers.attachments.find((file) => file.filename === 'change-order-1-signed.pdf')!;
    expect((await pdfText(new Uint8Array(signedPdf.content))).text).toMatch(/Approved on .+ by Dana Whitfield/);

    // The job follows the new total; the approved estimate stays as she approved it.
    await page.reload();
    await expect(page.getByTestId('job-total')).toHaveText('$12,100.00', { timeout: 20_000 });
    const approved = page.locator('[data-estimate-version="1"]');
    await expect(approved).toContainText('$10,900.00');
    await expect(approved.getByRole('list', { name: 'Payment schedule' })).toContainText('$3,630.00');
    const requestId = page.url().split('/').pop();
    const detail = (await (await page.request.get(`${base}/api/owner/requests/${requestId}`)).json()) as {
      jobValue: number;
    };
    expect(detail.jobValue).toBe(12_100);
    await page.screenshot({ path: testInfo.outputPath('request-after-change-390.png'), fullPage: true, scale: 'css' });
    await phone.close();
  });
});

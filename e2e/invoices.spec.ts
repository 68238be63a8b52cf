import { expect, test } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { arizonaDay } from '../shared/arizona-time';
import { approvedJob, thirtyFortyThirty } from '../server/test/approved-job';
import { pdfText } from '../server/test/pdf-text';
import { withServersOnOneDatabase } from './journey-server';
import { signInOwner } from './own-server';

/**
 * After the yes, on the owner's phone: from an approved estimate of $10,000 with a 30/40/30
 * schedule and a change order of $1,200 she approved, he saves his payment details, invoices the deposit and e-mails it (a real SMTP server:
 * the link, and a PDF with the number, the amount and how to pay); she opens her page; he records
 * a partial payment by check, then the rest; her page says Paid in full and she has two receipts;
 * the final invoice bills exactly what is left; Results shows collected and outstanding under the
 * request's source, and the payments CSV holds both payments.
 */
const password = 'ponderosa ledger 2026';
const fromGoogle = {
  'X-Lead-Source': encodeURIComponent(
    JSON.stringify({
      first: {
        at: Date.now() - 600_000,
        landingPage: '/?utm_source=google&utm_medium=cpc',
        utm_source: 'google',
        utm_medium: 'cpc',
      },
    }),
  ),
};

test('the owner invoices the deposit, records two payments, and the books follow @mobile', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const options = { password, mail: true, withoutPostgres: 'skip' } as const;
  await withServersOnOneDatabase('invoices', options, async ({ base, smtp, journey }) => {
    await signInOwner(page, `${base}/owner/settings`, password);
    const cookie = (await page.context().cookies()).map((one) => `${one.name}=${one.value}`).join('; ');
    const call = (path: string, init: RequestInit = {}) =>
      fetch(`${base}/api/owner${path}`, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), Cookie: cookie, Origin: base },
      });
    const database = await journey.open();
    const { requestId, estimateId } = await approvedJob(
      { base, call, db: database.db },
      { schedule: thirtyFortyThirty, headers: fromGoogle },
    ).finally(() => database.close());

    // A change order adds $1,200 and she approves it: the job is now $11,200.
    const json = { 'Content-Type': 'application/json' };
    const change = (await (
      await call(`/requests/${requestId}/estimates`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          changeOf: estimateId,
          reason: 'Rot found under the old ledger board',
          items: [{ description: 'Replace the ledger board', quantity: 1, unitPrice: 1200 }],
        }),
      })
    ).json()) as { id: string; kind: string; url: string };
    expect(change.kind).toBe('change-order');
    expect((await call(`/estimates/${change.id}/send`, { method: 'POST' })).status).toBe(200);
    const approval = await fetch(`${base}${new URL(change.url).pathname}/approve`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'Dana Whitfield', accept: true }),
    });
    expect(approval.status).toBe(200);
    expect(((await (await call(`/requests/${requestId}`)).json()) as { jobValue: number }).jobValue).toBe(11_200);

    // His payment details, once, in Settings.
    const card = page.getByRole('region', { name: 'Payment details' });
    await card.getByLabel('Make checks payable to').fill('Rim Country Carpentry LLC');
    await card.getByLabel('Zelle e-mail or mobile number').fill('pay@rimcountry.example');
    await card.getByLabel('Venmo name').fill('@RimCountry-Carpentry');
    await card.getByRole('button', { name: 'Save payment details' }).click();
    await expect(page.getByText('Payment details saved').first()).toBeVisible();
    await card.scrollIntoViewIfNeeded();

    await page.goto(`${base}/owner/requests/${requestId}`);
    const invoices = page.getByRole('region', { name: 'Invoices' });
    await invoices.getByRole('button', { name: 'Invoice the deposit · $3,360.00' }).click();
    const deposit = invoices.getByRole('listitem').filter({ hasText: 'Deposit' });
    await expect(deposit).toContainText('Balance $3,360.00');
    const number = /INV-\d{4}/.exec((await deposit.textContent()) ?? '')![0];
    await deposit.getByRole('button', { name: 'Send' }).click();
    await expect(deposit).toContainText('Sent');

    const toDana = (start: string) => smtp.received.filter((mail) => mail.subject?.includes(start));
    await expect.poll(() => toDana(`Invoice ${number}`).length, { timeout: 30_000 }).toBe(1);
    const mail = toDana(`Invoice ${number}`)[0]!;
    const link = /\/invoice\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')![0];
    const attached = mail.attachments.find((file) => file.contentType === 'application/pdf')!;
    const { text } = await pdfText(new Uint8Array(attached.content));
    expect(text).toContain(number);
    expect(text).toContain('$3,360.00');
    expect(text).toContain('Zelle: pay@rimcountry.example');

    // She opens it on her phone.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const tab = await phone.newPage();
    await tab.goto(`${base}${link}`);
    await expect(tab.getByRole('heading', { name: `Invoice ${number}` })).toBeVisible();
    await expect(tab.getByText('$3,360.00 due by')).toBeVisible();
    await expect(tab.getByRole('heading', { name: 'How to pay' })).toBeVisible();

    // A check for $1,000, then the rest by Zelle.
    await deposit.getByRole('button', { name: 'Record a payment' }).click();
    await deposit.getByLabel('Amount').fill('1000');
    await deposit.getByLabel('How').selectOption('check');
    await deposit.getByLabel('Check number').fill('1042');
    await deposit.getByRole('button', { name: 'Record the payment' }).click();
    await expect(deposit).toContainText('Balance $2,360.00');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await deposit.getByRole('button', { name: 'Record a payment' }).click();
    await expect(deposit.getByLabel('Amount')).toHaveValue('2360.00');
    await deposit.getByLabel('How').selectOption('zelle');
    await deposit.getByRole('button', { name: 'Record the payment' }).click();
    await expect(deposit).toContainText('Paid');
    await expect(deposit).toContainText('Balance $0.00');

    await tab.reload();
    await expect(tab.getByText('Paid in full').first()).toBeVisible();
    await expect.poll(() => toDana('Receipt').length, { timeout: 30_000 }).toBe(2);

    // The final invoice bills what is left: $11,200 less the $3,360 deposit.
    await invoices.getByRole('button', { name: 'Final invoice · $7,840.00' }).click();
    await expect(invoices.getByRole('listitem').filter({ hasText: 'Final invoice' })).toContainText(
      'Balance $7,840.00',
    );

    await page.goto(`${base}/owner/results`);
    const money = page.getByRole('region', { name: 'Money by source' });
    const row = money.getByRole('row').filter({ hasText: 'Google' }).first();
    await expect(row).toContainText('$3,360.00');
    await expect(row).toContainText('$7,840.00');
    await money.scrollIntoViewIfNeeded();

    // Ten days later, the final invoice unpaid: the inbox lists it as overdue.
    const later = await journey.open();
    const tenDaysAgo = arizonaDay(new Date(Date.now() - 10 * 86_400_000));
    await later.db.execute(sql`update invoices set due_date = ${tenDaysAgo} where title = 'Final invoice'`);
    await later.close();
    await page.goto(`${base}/owner`);
    const overdue = page.getByRole('region', { name: 'Overdue invoices (1)' });
    await expect(overdue).toContainText('$7,840.00');
    await expect(overdue).toContainText('10 days past due');

    const payments = await (await call('/books/payments.csv')).text();
    expect(payments).toContain(`"${number}","Dana Whitfield","1000.00","Check","1042"`);
    expect(payments).toContain(`"${number}","Dana Whitfield","2360.00","Zelle"`);
    await phone.close();
  });
});

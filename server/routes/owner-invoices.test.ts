import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OwnerInvoice } from '@shared/schemas/invoices';
import type { Results } from '@shared/schemas/owner-results';
import { invoicePayments, invoices } from '../db/schema';
import { collectedBySource } from '../services/invoices/invoice-books';
import { approvedJob, thirtyFortyThirty } from '../test/approved-job';
import { testDatabases } from '../test/databases';
import { serveEstimates } from '../test/estimate-site-with-mail';

/** Friday December 4, 2026, 10 AM in Arizona. */
const friday = new Date('2026-12-04T17:00:00.000Z');

const payTo = {
  payee: 'Rim Country Carpentry LLC',
  zelle: 'pay@rimcountry.example',
  venmo: '@RimCountry-Carpentry',
  cashApp: '$RimCountryCarpentry',
  instructions: 'Cash in person at the shop, weekdays.',
  termsDays: 14,
};

describe.each(testDatabases)('invoices and payments on $kind', (testDb) => {
  const clock = { now: friday };
  const site = serveEstimates(testDb, clock);
  const { owner } = site;
  const job = (email: string, schedule = thirtyFortyThirty) =>
    approvedJob({ base: site.app.base, call: owner, db: site.app.database.db }, { email, schedule });
  const invoice = async (requestId: string, body: unknown = {}) => {
    const response = await owner(`/requests/${requestId}/invoices`, { method: 'POST', body: JSON.stringify(body) });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as OwnerInvoice;
  };
  const pay = (invoiceId: string, body: unknown, key?: string) =>
    owner(`/invoices/${invoiceId}/payments`, {
      method: 'POST',
      body: JSON.stringify(body),
      ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
    });
  const refusal = async (response: Response) => {
    expect(response.status).toBe(400);
    return ((await response.json()) as { error: string }).error;
  };

  it('answers 401 to a stranger on every owner invoice route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: [string, string][] = [
      ['GET', '/payment-details'],
      ['PUT', '/payment-details'],
      ['GET', `/requests/${id}/invoices`],
      ['POST', `/requests/${id}/invoices`],
      ['POST', `/invoices/${id}/send`],
      ['POST', `/invoices/${id}/void`],
      ['POST', `/invoices/${id}/payments`],
      ['DELETE', `/invoices/${id}/payments/${id}`],
      ['GET', '/books/outstanding'],
      ['GET', '/books/invoices.csv'],
      ['GET', '/books/payments.csv'],
    ];
    for (const [method, path] of routes) {
      const response = await owner(path, { method, signedIn: false, ...(method === 'GET' ? {} : { body: '{}' }) });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it('saves his payment details and refuses bad ones in plain words', async () => {
    expect(await (await owner('/payment-details')).json()).toMatchObject({ termsDays: 14, zelle: '' });
    const bad = await owner('/payment-details', { method: 'PUT', body: JSON.stringify({ ...payTo, termsDays: -3 }) });
    expect(await refusal(bad)).toMatch(/cannot be negative/);
    const saved = await owner('/payment-details', { method: 'PUT', body: JSON.stringify(payTo) });
    expect(saved.status).toBe(200);
    expect(await (await owner('/payment-details')).json()).toEqual(payTo);
  });

  it('invoices the deposit, e-mails it, records two payments with receipts, then bills exactly what is left', async () => {
    clock.now = friday;
    await owner('/payment-details', { method: 'PUT', body: JSON.stringify(payTo) });
    const { requestId } = await job('deposit@example.com');

    const deposit = await invoice(requestId, { part: 0 });
    expect(deposit).toMatchObject({ total: 3000, balance: 3000, dueDate: '2026-12-18', title: 'Deposit' });
    expect(deposit.number).toMatch(/^INV-\d{4}$/);
    const path = new URL(deposit.url).pathname;

    expect((await owner(`/invoices/${deposit.id}/send`, { method: 'POST' })).status).toBe(200);
    await site.runOutbox();
    const [sent] = site.mailTo('deposit@example.com').filter((mail) => mail.subject?.startsWith('Invoice'));
    expect(sent?.subject).toContain(`${deposit.number}`);
    expect(sent?.text).toContain(deposit.url);
    const pdf = await site.attachedPdf(sent!);
    expect(pdf).toContain(deposit.number);
    expect(pdf).toContain('$3,000.00');
    expect(pdf).toContain('Zelle: pay@rimcountry.example');
    expect(pdf).toContain('payable to Rim Country Carpentry LLC');

    const opened = await fetch(`${site.app.base}${path}`);
    expect(opened.headers.get('x-robots-tag')).toContain('noindex');
    expect(opened.headers.get('referrer-policy')).toBe('no-referrer');
    const page = await opened.text();
    expect(page).toContain('$3,000.00');
    expect(page).toContain('due by December 18, 2026');
    expect(page).toContain('@RimCountry-Carpentry');
    expect(page).not.toContain('<script');

    const first = await pay(deposit.id, { amount: 1000, method: 'check', receivedOn: '2026-12-04', reference: '1042' });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ balance: 2000 });
    expect(await site.page(path)).toContain('Paid so far: $1,000.00 of $3,000.00');
    const rest = await pay(deposit.id, { amount: 2000, method: 'zelle', receivedOn: '2026-12-04' });
    expect(await rest.json()).toEqual({ balance: 0 });
    expect(await site.page(path)).toContain('Paid in full');
    expect(await site.pdf(path)).toContain('Paid in full');

    await site.runOutbox();
    const receipts = site.mailTo('deposit@example.com').filter((mail) => mail.subject?.includes('Receipt'));
    expect(receipts).toHaveLength(2);
    expect(receipts.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining('$1,000.00'), expect.stringContaining('$2,000.00')]),
    );
    expect(await site.attachedPdf(receipts.find((mail) => mail.subject?.includes('$1,000.00'))!)).toContain(
      'check 1042',
    );

    const final = await invoice(requestId);
    expect(final).toMatchObject({ total: 7000, title: 'Final invoice' });
    expect(await refusal(await owner(`/requests/${requestId}/invoices`, { method: 'POST', body: '{}' }))).toMatch(
      /Nothing is left to bill/,
    );
    expect(
      await refusal(
        await owner(`/requests/${requestId}/invoices`, { method: 'POST', body: JSON.stringify({ part: 1 }) }),
      ),
    ).toMatch(/Nothing is left to bill/);

    const detail = (await (await owner(`/requests/${requestId}`)).json()) as { invoices: OwnerInvoice[] };
    expect(detail.invoices.map((one) => [one.number, one.balance])).toEqual([
      [deposit.number, 0],
      [final.number, 7000],
    ]);
  });

  it('computes a part on the job now, the last part as what is left, and never bills past the job but for extra work', async () => {
    clock.now = friday;
    const { requestId } = await job('parts@example.com');
    const billing = await (await owner(`/requests/${requestId}/invoices`)).json();
    expect(billing.billing).toMatchObject({ total: 10000, left: 10000 });
    expect(billing.billing.parts.map((part: { amount: number }) => part.amount)).toEqual([3000, 4000, 3000]);

    const refused = (body: unknown) =>
      owner(`/requests/${requestId}/invoices`, { method: 'POST', body: JSON.stringify(body) }).then(refusal);
    expect(await refused({ part: 0, dueDate: '2026-12-01' })).toMatch(/cannot be in the past/);
    expect(await refused({ part: 0, items: [{ description: 'Deck', unitPrice: 5 }] })).toMatch(/not both/);
    expect(await refused({ total: 3000 })).toMatch(/.+/);
    const notApproved = await site.requestFrom('Lee Park', 'lee@example.com');
    expect(
      await refusal(
        await owner(`/requests/${notApproved}/invoices`, { method: 'POST', body: JSON.stringify({ part: 0 }) }),
      ),
    ).toMatch(/once the homeowner has approved an estimate/);
    expect(await site.app.database.db.select().from(invoices).where(eq(invoices.quoteRequestId, requestId))).toEqual(
      [],
    );

    const framing = await invoice(requestId, { part: 1, dueDate: '2027-01-15' });
    expect(framing.dueDate).toBe('2027-01-15');
    expect(framing.total).toBe(4000);
    expect(
      await refusal(
        await owner(`/requests/${requestId}/invoices`, { method: 'POST', body: JSON.stringify({ part: 1 }) }),
      ),
    ).toMatch(/Framing done was invoiced already/);
    expect(
      await refusal(
        await owner(`/requests/${requestId}/invoices`, { method: 'POST', body: JSON.stringify({ part: 7 }) }),
      ),
    ).toMatch(/has 3 parts/);
    const tooMuch = await owner(`/requests/${requestId}/invoices`, {
      method: 'POST',
      body: JSON.stringify({ items: [{ description: 'Railing', unitPrice: 6000.01 }] }),
    });
    expect(await refusal(tooMuch)).toMatch(/only \$6,000\.00 of its approved total of \$10,000\.00 is left/);
    const extra = await invoice(requestId, {
      items: [{ description: 'Second set of stairs, asked for on site', unitPrice: 1800, extra: true }],
    });
    expect(extra).toMatchObject({ total: 1800, extra: 1800 });
    expect(await site.page(new URL(extra.url).pathname)).toContain('Extra work');

    const lastParts = await invoice(requestId, { part: 2 });
    expect(lastParts.total).toBe(3000);
    const deposit = await invoice(requestId, { part: 0 });
    expect(deposit.total).toBe(3000);
    const stored = await site.app.database.db.select().from(invoices).where(eq(invoices.quoteRequestId, requestId));
    expect(stored.reduce((sum, row) => sum + row.jobCents, 0)).toBe(1_000_000);
  });

  it('carries the estimate’s tax: included in a part of the schedule, added to lines', async () => {
    clock.now = friday;
    const { requestId } = await approvedJob(
      { base: site.app.base, call: owner, db: site.app.database.db },
      {
        email: 'tax@example.com',
        schedule: thirtyFortyThirty,
        estimate: { items: [{ description: 'Pergola', quantity: 1, unitPrice: 10_000 }], taxRate: 10 },
      },
    );
    const deposit = await invoice(requestId, { part: 0 });
    expect(deposit.total).toBe(3300);
    const page = await site.page(new URL(deposit.url).pathname);
    expect(page).toContain('Includes tax (10 %)');
    expect(page).toContain('$300.00');
    const extra = await invoice(requestId, {
      items: [{ description: 'Lights', quantity: 2, unitPrice: 50, extra: true }],
    });
    expect(extra).toMatchObject({ total: 110, extra: 110 });
    expect(await site.pdf(new URL(extra.url).pathname)).toContain('Tax (10 %)');
  });

  it('refuses bad payments with a clear 400 and stores nothing; a double tap is stored once', async () => {
    clock.now = friday;
    const { requestId } = await job('bad@example.com');
    const deposit = await invoice(requestId, { part: 0 });
    const good = { amount: 500, method: 'cash', receivedOn: '2026-12-03' };
    const bad: [unknown, RegExp][] = [
      [{ ...good, amount: 3000.01 }, /more than the \$3,000\.00 still due/],
      [{ ...good, amount: -20 }, /more than \$0/],
      [{ ...good, amount: 0 }, /more than \$0/],
      [{ ...good, amount: 1e12 }, /at most \$10,000,000/],
      [{ ...good, amount: 10.005 }, /dollars and cents/],
      [{ ...good, amount: '500' }, /number of dollars/],
      [{ ...good, method: 'bitcoin' }, /check, cash, zelle/],
      [{ ...good, receivedOn: '2026-12-05' }, /cannot be in the future/],
      [{ ...good, receivedOn: '2026-02-30' }, /real date/],
      [{ ...good, receivedOn: '2019-01-01' }, /more than a year before/],
      [{ ...good, tip: 5 }, /.+/],
    ];
    for (const [body, message] of bad)
      expect(await refusal(await pay(deposit.id, body)), JSON.stringify(body)).toMatch(message);
    expect(
      await site.app.database.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, deposit.id)),
    ).toEqual([]);

    const key = crypto.randomUUID();
    const taps = await Promise.all([pay(deposit.id, good, key), pay(deposit.id, good, key)]);
    expect(taps.map((tap) => tap.status)).toEqual([201, 201]);
    const stored = await site.app.database.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, deposit.id));
    expect(stored).toHaveLength(1);
    expect((await pay(deposit.id, { ...good, amount: 600 }, key)).status).toBe(422);

    const undone = await owner(`/invoices/${deposit.id}/payments/${stored[0]!.id}`, { method: 'DELETE' });
    expect(await undone.json()).toEqual({ balance: 3000 });
    const detail = (await (await owner(`/requests/${requestId}`)).json()) as { invoices: OwnerInvoice[] };
    expect(detail.invoices[0]).toMatchObject({ balance: 3000, payments: [{ amount: 500, undone: true }] });
  });

  it('voids an invoice, keeps it and its number, and takes no payment on it', async () => {
    clock.now = friday;
    const { requestId } = await job('void@example.com');
    const deposit = await invoice(requestId, { part: 0 });
    expect((await pay(deposit.id, { amount: 100, method: 'cash', receivedOn: '2026-12-04' })).status).toBe(201);
    expect((await owner(`/invoices/${deposit.id}/void`, { method: 'POST' })).status).toBe(409);
    const [payment] = await site.app.database.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, deposit.id));
    await owner(`/invoices/${deposit.id}/payments/${payment!.id}`, { method: 'DELETE' });
    const voided = (await (await owner(`/invoices/${deposit.id}/void`, { method: 'POST' })).json()) as OwnerInvoice;
    expect(voided).toMatchObject({ status: 'void', balance: 0, number: deposit.number });
    expect(await refusal(await pay(deposit.id, { amount: 100, method: 'cash', receivedOn: '2026-12-04' }))).toMatch(
      /is void/,
    );
    expect(await site.page(new URL(deposit.url).pathname)).toContain('void');
    const again = await invoice(requestId, { part: 0 });
    expect(Number(again.number.slice(4))).toBeGreaterThan(Number(deposit.number.slice(4)));
    expect(again.total).toBe(3000);
  });

  it('reminds her after each reminder day past due, and not once paid', async () => {
    clock.now = friday;
    const { requestId } = await job('late@example.com');
    const deposit = await invoice(requestId, { part: 0 });
    const paid = await invoice(requestId, { part: 1 });
    for (const one of [deposit, paid]) await owner(`/invoices/${one.id}/send`, { method: 'POST' });
    await site.runOutbox();
    const reminders = () => site.mailTo('late@example.com').filter((mail) => mail.subject?.startsWith('Reminder'));
    clock.now = new Date('2026-12-21T15:59:00.000Z');
    await site.runOutbox();
    expect(reminders()).toHaveLength(0);
    expect((await pay(paid.id, { amount: 4000, method: 'venmo', receivedOn: '2026-12-20' })).status).toBe(201);
    clock.now = new Date('2026-12-21T16:01:00.000Z');
    await site.runOutbox();
    expect(reminders().map((mail) => mail.subject)).toEqual([expect.stringContaining(deposit.number)]);
    clock.now = new Date('2026-12-28T16:01:00.000Z');
    await site.runOutbox();
    expect(reminders()).toHaveLength(2);
    const outstanding = await (await owner('/books/outstanding')).json();
    expect(outstanding.outstanding).toContainEqual(expect.objectContaining({ number: deposit.number, balance: 3000 }));
    expect(outstanding.outstanding).not.toContainEqual(expect.objectContaining({ number: paid.number }));
  });

  it('adds invoiced, collected and outstanding to the results, and both CSVs hold the payments', async () => {
    clock.now = friday;
    const { requestId } = await job('books@example.com');
    const deposit = await invoice(requestId, { part: 0 });
    await pay(deposit.id, { amount: 1250.5, method: 'check', receivedOn: '2026-12-04', reference: '2217' });
    const results = (await (await owner('/results?period=this-month')).json()) as Results;
    expect(results.totals.invoiced).toBeGreaterThanOrEqual(3000);
    const source = results.bySource.find((row) => row.collected >= 1250.5);
    expect(source).toBeDefined();
    expect(source!.outstanding).toBeCloseTo(source!.invoiced - source!.collected, 2);
    const collected = await collectedBySource(site.app.database.db, '2026-12-04', '2026-12-04');
    expect(collected.find((row) => row.source === source!.key)?.collected).toBeGreaterThanOrEqual(1250.5);
    expect(await collectedBySource(site.app.database.db, '2026-12-05', '2026-12-19')).toEqual([]);
    const payments = await (await owner('/books/payments.csv')).text();
    expect(payments).toContain(`"2026-12-04","${deposit.number}","Dana Whitfield","1250.50","Check","2217"`);
    const invoicesCsv = await (await owner('/books/invoices.csv')).text();
    expect(invoicesCsv).toContain(`"${deposit.number}","2026-12-04","2026-12-18","Dana Whitfield"`);
    expect(invoicesCsv).toContain('"3000.00","0.00","1250.50","1749.50","Open"');
  });
});

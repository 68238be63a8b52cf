import { count, eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { within } from '@testing-library/dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { declineReasons } from '@shared/schemas/estimates';
import { estimates, quoteRequestNotes, quoteRequests, visitBlocks, visits } from './db/schema';
import { appRoutes } from './http/app-routes';
import { bodyMessages } from './http/request-body';
import { jsonHeaders, serveOwnerInbox } from './test/owner-inbox-site';
import { visitPathFor } from './services/visits/visit-service';
import { testDatabases } from './test/databases';
import { setupTimeout, validQuote } from './test/http';

/**
 * The probe's finding 4: a NUL character (which Postgres cannot store) in an estimate answer, a
 * visit address, an owner's note, an estimate's lines or notes, or a blocked time's note answered
 * 500 and saved nothing. Each is refused at the body reader with a message that says what to do:
 * JSON for the API, and for a form posted without scripts its page again, with what was typed.
 */
const formHeaders = { 'Content-Type': 'application/x-www-form-urlencoded' };

/** A page as a person reads it: its document, to query by role. */
async function pageOf(response: Response) {
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  return within(new JSDOM(await response.text()).window.document.body);
}

describe.each(testDatabases)('a NUL character, as the probe sent it, on $kind', (testDb) => {
  const inbox = serveOwnerInbox(testDb);
  const { database, first } = inbox;
  let cookie: string;
  let requestId: string;
  let estimate: { id: string; path: string };
  let visitPath: string;

  beforeAll(async () => {
    cookie = await inbox.session();
    requestId = await inbox.submitQuote({ email: 'nul-probe@example.com' });
    const created = await owner(`/requests/${requestId}/estimates`, 'POST', {
      items: [{ description: 'Cedar deck, 240 sq ft', quantity: 1, unitPrice: 4800 }],
      taxRate: 0,
    });
    expect(created.status).toBe(201);
    const { id, url } = (await created.json()) as { id: string; url: string };
    expect((await owner(`/estimates/${id}/send`, 'POST')).status).toBe(200);
    estimate = { id, path: new URL(url).pathname };
    visitPath = await visitPathFor(database)(requestId);
  }, setupTimeout);

  const owner = (path: string, method: string, body?: unknown) =>
    inbox.call(first.base, path, cookie, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const postJson = (path: string, body: unknown) =>
    fetch(`${first.base}${path}`, { method: 'POST', headers: jsonHeaders, body: JSON.stringify(body) });
  const postForm = (path: string, fields: Record<string, string>) =>
    fetch(`${first.base}${path}`, {
      method: 'POST',
      headers: formHeaders,
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
  const estimateRow = async () => (await database.db.select().from(estimates).where(eq(estimates.id, estimate.id)))[0]!;

  /** A JSON answer refusing the NUL in `field`. */
  async function expectRefusedJson(response: Response, field: string) {
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: bodyMessages.nul, fieldErrors: { [field]: [bodyMessages.nul] } });
  }

  it('refuses it in the homeowner’s answers to an estimate, as JSON, and the estimate stays open', async () => {
    await expectRefusedJson(
      await postJson(`${estimate.path}/question`, { message: 'Cedar or\u0000 pine?' }),
      'message',
    );
    await expectRefusedJson(
      await postJson(`${estimate.path}/approve`, { name: 'Dana\u0000 Whitfield', accept: true }),
      'name',
    );
    await expectRefusedJson(
      await postJson(`${estimate.path}/decline`, { reason: declineReasons[0], comment: 'Too\u0000 much' }),
      'comment',
    );
    const row = await estimateRow();
    expect([row.status, row.approvedName, row.declineComment]).toEqual(['sent', null, null]);
  });

  it('shows the estimate page again without scripts, with the name as typed and the message', async () => {
    const refused = await postForm(`${estimate.path}/approve`, { name: 'Dana\u0000 Whitfield', accept: 'true' });
    expect(refused.status).toBe(400);
    const page = await pageOf(refused);
    expect(page.getByRole('alert').textContent).toBe(bodyMessages.nulInForm);
    expect(page.getByRole('textbox', { name: /name/i })).toHaveProperty('value', 'Dana Whitfield');
    expect((await estimateRow()).status).toBe('sent');

    for (const [action, fields] of [
      ['question', { message: 'Cedar or\u0000 pine?' }],
      ['decline', { reason: declineReasons[0], comment: 'Too\u0000 much' }],
    ] as const) {
      const answer = await postForm(`${estimate.path}/${action}`, fields);
      expect(answer.status, action).toBe(400);
      expect((await pageOf(answer)).getByRole('alert').textContent).toBe(bodyMessages.nulInForm);
    }
    expect((await estimateRow()).status).toBe('sent');
  });

  it('refuses it in a visit’s address, by the API and on the booking page, and books nothing', async () => {
    const token = visitPath.replace('/visit/', '');
    const [slot] = (await (await fetch(`${first.base}/api/visits/${token}/slots`)).json()) as { start: string }[];
    expect(slot).toBeDefined();
    const address = '12 Pine\u0000 St, Payson';
    await expectRefusedJson(await postJson(`/api/visits/${token}`, { start: slot!.start, address }), 'address');

    const refused = await postForm(visitPath, { start: slot!.start, address });
    expect(refused.status).toBe(400);
    const page = await pageOf(refused);
    expect(page.getByText(bodyMessages.nulInForm)).toBeDefined();
    expect(page.getByRole('textbox', { name: /address/i })).toHaveProperty('value', '12 Pine St, Payson');
    expect((await database.db.select({ n: count() }).from(visits))[0]!.n).toBe(0);
  });

  it('refuses it in the owner’s note, his estimate’s lines and notes and a blocked time’s note, storing nothing', async () => {
    await expectRefusedJson(await owner(`/requests/${requestId}/notes`, 'POST', { body: 'Called\u0000 her' }), 'body');
    expect((await database.db.select({ n: count() }).from(quoteRequestNotes))[0]!.n).toBe(0);

    const draft = await owner(`/requests/${requestId}/estimates`, 'POST', {
      items: [{ description: 'Stairs\u0000, 4 steps', quantity: 1, unitPrice: 480 }],
      taxRate: 0,
    });
    await expectRefusedJson(draft, 'items');
    await expectRefusedJson(
      await owner(`/estimates/${estimate.id}`, 'PATCH', { notes: 'Permits\u0000 extra' }),
      'notes',
    );
    expect((await database.db.select({ n: count() }).from(estimates))[0]!.n).toBe(1);

    await expectRefusedJson(
      await owner('/visit-blocks', 'POST', { date: '2026-12-24', note: 'Christmas\u0000 Eve' }),
      'note',
    );
    expect((await database.db.select({ n: count() }).from(visitBlocks))[0]!.n).toBe(0);
  });

  it('refuses it in the quote form without scripts: the form again, with what was typed, and nothing half stored', async () => {
    const email = 'nul-plain-form@example.com';
    const fields = { ...validQuote, email, message: 'A new deck\u0000, about 12 by 16 feet.' };
    const refused = await postForm('/contact', fields);
    expect(refused.status).toBe(400);
    // The contact page with the form filled again is quote-form-post.test.ts's; this bare one says the same.
    const page = await pageOf(refused);
    expect(page.getByRole('heading', { name: 'Your request was not sent' })).toBeDefined();
    expect(page.getByText(bodyMessages.nulInForm)).toBeDefined();
    const stored = () => database.db.select().from(quoteRequests).where(eq(quoteRequests.email, email));
    expect(await stored()).toEqual([]);
    // Sent again as the page now holds it, the request is stored whole.
    expect((await postForm('/contact', { ...fields, message: 'A new deck, about 12 by 16 feet.' })).status).toBe(200);
    expect((await stored()).map((row) => row.message)).toEqual(['A new deck, about 12 by 16 feet.']);
  });

  it('answers a NUL in an address or a query of any page or API route without a 500', async () => {
    const routes = appRoutes(first.app).filter((route) => route.methods.includes('GET'));
    expect(routes.length).toBeGreaterThan(20);
    const query = '?q=%00&status=%00&source=%00&options=%00&name=%00&period=%00&from=%00&to=%00';
    for (const route of routes) {
      for (const path of [route.path.replace(/:\w+/g, '%00'), route.path.replace(/:\w+/g, 'x') + query]) {
        const answer = await fetch(`${first.base}${path}`, { headers: { Cookie: cookie }, redirect: 'manual' });
        expect(answer.status, path).toBeLessThan(500);
        await answer.arrayBuffer();
      }
    }
  });
});

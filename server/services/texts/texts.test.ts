import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { arizonaDay, arizonaOffset } from '@shared/arizona-time';
import type { ThreadText } from '@shared/schemas/text-settings';
import type { VisitSlot } from '@shared/schemas/visits';
import { deliveries, pushSubscriptions, quoteRequests, textMessages, textNumbers } from '../../db/schema';
import { testDatabases } from '../../test/databases';
import { threeLines } from '../../test/estimate-owner';
import { validQuote } from '../../test/http';
import { sendQuote } from '../../test/quote-request';
import { textSite } from '../../test/text-site';
import { signedTwilioPost } from '../../test/twilio-stand-in';

const herPhone = '+19285550100';
// A Monday in the past, so that what the outbox holds until a time of this clock is due for the database.
let now = new Date('2026-11-02T10:00:00-07:00');
const clock = () => now;

/**
 * Texts end to end on each database, through the HTTP API, the outbox and the Twilio stand-in:
 * only with her consent, once each, held through the night, delayed and never dropped by an
 * outage; her answers signed as Twilio signs them.
 */
describe.each(testDatabases)('Texts to and from homeowners on $kind', (testDb) => {
  const site = textSite(testDb, { label: 'texts', clock });
  const reset = async () => {
    now = new Date('2026-11-02T10:00:00-07:00');
    await site.app.database.db.delete(quoteRequests);
    await site.app.database.db.delete(textMessages);
    await site.app.database.db.delete(textNumbers);
    await site.app.database.db.delete(deliveries);
  };
  const post = (base: string, path: string, fields: Record<string, string>) =>
    fetch(`${base}${path}`, signedTwilioPost(`${base}${path}`, fields));
  const thread = async (call: (path: string) => Promise<Response>, id: string) =>
    ((await (await call(`/requests/${id}`)).json()) as { texts: ThreadText[] }).texts;

  it('texts her at once, naming the business, with her booking link; a request without the tick gets none', async () => {
    await reset();
    await site.run(async ({ base, standIn, outbox }) => {
      const { visitUrl } = await sendQuote(base, { textConsent: true });
      await sendQuote(base, { phone: '(928) 555-0123', email: 'other@example.com' });
      await outbox.runOnce();
      const texts = standIn.textsTo(herPhone);
      expect(texts).toHaveLength(1);
      expect(texts[0]!.body).toMatch(/^Rim Country Carpentry: /);
      expect(texts[0]!.body).toContain(`${base}${visitUrl}`);
      expect(texts[0]!.statusCallback).toBe(`${base}/api/twilio/status`);
      expect(standIn.textsTo('+19285550123')).toEqual([]);
      await outbox.runOnce();
      expect(standIn.textsTo(herPhone)).toHaveLength(1);
    });
  });

  it('a double tap of a request that asked for texts stores it once and texts her once', async () => {
    await reset();
    await site.run(async ({ base, standIn, outbox }) => {
      const tap = { 'Idempotency-Key': randomUUID() };
      // The stand-in keeps what the file's earlier tests sent: count from here.
      const before = standIn.textsTo(herPhone).length;
      const [first, second] = await Promise.all([
        sendQuote(base, { textConsent: true }, tap),
        sendQuote(base, { textConsent: true }, tap),
      ]);
      expect(second.id).toBe(first.id);
      await outbox.runOnce();
      await outbox.runOnce();
      expect(standIn.textsTo(herPhone)).toHaveLength(before + 1);
      expect(await site.app.database.db.select().from(textMessages)).toHaveLength(1);
    });
  });

  it('two outboxes on one database send each text once', async () => {
    await reset();
    await site.run(async ({ base, standIn, outbox, secondOutbox }) => {
      const phones = ['(928) 555-0131', '(928) 555-0132', '(928) 555-0133', '(928) 555-0134', '(928) 555-0135'];
      for (const [index, phone] of phones.entries())
        await sendQuote(base, { phone, email: `h${index}@example.com`, textConsent: true });
      await Promise.all([outbox.runOnce(), secondOutbox.runOnce(), outbox.runOnce(), secondOutbox.runOnce()]);
      for (const phone of ['+19285550131', '+19285550132', '+19285550133', '+19285550134', '+19285550135'])
        expect(standIn.textsTo(phone)).toHaveLength(1);
    });
  });

  it('takes the tick from the form posted without scripts too', async () => {
    await reset();
    await site.run(async ({ base, standIn, outbox }) => {
      const post = (fields: Record<string, string>) => {
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) form.append(name, value);
        return fetch(`${base}/contact`, { method: 'POST', body: form, redirect: 'manual' });
      };
      expect((await post({ ...validQuote, phone: '(928) 555-0151', website: '', textConsent: 'true' })).status).toBe(
        200,
      );
      expect((await post({ ...validQuote, phone: '(928) 555-0152', email: 'b@example.com', website: '' })).status).toBe(
        200,
      );
      await outbox.runOnce();
      expect(standIn.textsTo('+19285550151')).toHaveLength(1);
      expect(standIn.textsTo('+19285550152')).toEqual([]);
    });
  });

  it('holds a text due at 9 PM until 8 AM Arizona time', async () => {
    await reset();
    await site.run(async ({ base, standIn, outbox }) => {
      now = new Date('2026-11-02T21:00:00-07:00');
      const before = standIn.textsTo(herPhone).length;
      await sendQuote(base, { textConsent: true });
      await outbox.runOnce();
      expect(standIn.textsTo(herPhone)).toHaveLength(before);
      const [held] = await site.app.database.db.select().from(deliveries).where(eq(deliveries.kind, 'text'));
      expect(held!.nextAttemptAt.toISOString()).toBe(new Date('2026-11-03T08:00:00-07:00').toISOString());
      now = new Date('2026-11-03T07:59:00-07:00');
      await outbox.runOnce();
      expect(standIn.textsTo(herPhone)).toHaveLength(before);
      now = new Date('2026-11-03T08:00:00-07:00');
      await outbox.runOnce();
      expect(standIn.textsTo(herPhone)).toHaveLength(before + 1);
    });
  });

  it('an outage delays the text and never drops it: it goes once Twilio answers again', async () => {
    await reset();
    await site.run(async ({ base, standIn, outbox, call }) => {
      const before = standIn.textsTo(herPhone).length;
      standIn.failWith(500);
      const { id } = await sendQuote(base, { textConsent: true });
      await outbox.runOnce();
      expect(standIn.refusals()).toBeGreaterThan(0);
      const [waiting] = await thread(call, id);
      expect(waiting).toMatchObject({ direction: 'out', status: 'queued' });
      expect(waiting!.error).toMatch(/not answering just now/);
      standIn.failWith(null);
      await outbox.runOnce();
      expect(standIn.textsTo(herPhone)).toHaveLength(before + 1);
      expect((await thread(call, id))[0]).toMatchObject({ status: 'sent', error: null });
    });
  });

  it('texts the booking, reminds her the day before at 9 AM, and her C confirms on his visit list', async () => {
    await reset();
    await site.run(async ({ base, standIn, outbox, call }) => {
      const { visitUrl } = await sendQuote(base, { textConsent: true });
      const token = visitUrl.replace('/visit/', '');
      const slots = (await (await fetch(`${base}/api/visits/${token}/slots`)).json()) as VisitSlot[];
      const slot = slots.at(-1)!;
      const booked = await fetch(`${base}/api/visits/${token}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ start: slot.start, address: '12 Pine St, Payson' }),
      });
      expect(booked.status).toBe(201);
      await outbox.runOnce();
      const sent = standIn.textsTo(herPhone);
      expect(sent.map((text) => text.body)).toContainEqual(
        expect.stringMatching(/^Rim Country Carpentry: your estimate visit is booked for /),
      );
      const count = sent.length;

      const start = new Date(slot.start);
      const dayBefore = new Date(start.getTime() - 24 * 3600_000);
      const dayBeforeAt = (hour: number) =>
        new Date(`${arizonaDay(dayBefore)}T${String(hour).padStart(2, '0')}:00:00${arizonaOffset}`);
      now = dayBeforeAt(8);
      await outbox.runOnce();
      expect(standIn.textsTo(herPhone)).toHaveLength(count);
      now = dayBeforeAt(9);
      await outbox.runOnce();
      const reminder = standIn.textsTo(herPhone).at(-1)!;
      expect(standIn.textsTo(herPhone)).toHaveLength(count + 1);
      expect(reminder.body).toMatch(/tomorrow.*Reply C to confirm\.$/);

      const before = (await (await call('/visits')).json()) as { confirmed: boolean }[];
      expect(before[0]).toMatchObject({ confirmed: false });
      expect(
        (await post(base, '/api/twilio/incoming', { From: herPhone, Body: 'C', MessageSid: 'SMin1' })).status,
      ).toBe(200);
      const after = (await (await call('/visits')).json()) as { confirmed: boolean; status: string }[];
      expect(after[0]).toMatchObject({ confirmed: true, status: 'booked' });
    });
  });

  it('her question lands on her request, waits for him, tells his phone; his answer goes from the business number', async () => {
    await reset();
    await site.run(async ({ base, standIn, outbox, call }) => {
      await site.app.database.db.delete(pushSubscriptions);
      await site.app.database.db
        .insert(pushSubscriptions)
        .values({ endpoint: 'https://fcm.googleapis.com/fcm/send/texts-test', p256dh: 'k', auth: 'a', label: 'Phone' });
      const { id } = await sendQuote(base);
      expect(
        (await post(base, '/api/twilio/incoming', { From: herPhone, Body: 'Can you do Saturday?', MessageSid: 'SMq1' }))
          .status,
      ).toBe(200);
      const texts = await thread(call, id);
      expect(texts).toEqual([
        expect.objectContaining({ direction: 'in', body: 'Can you do Saturday?', waiting: true }),
      ]);
      const inbox = (await (await call('/requests?status=new')).json()) as {
        items: { id: string; questionAt: string | null }[];
      };
      expect(inbox.items.find((item) => item.id === id)?.questionAt).not.toBeNull();
      const pushes = await site.app.database.db.select().from(deliveries).where(eq(deliveries.kind, 'text_push'));
      expect(pushes).toHaveLength(1);

      const answer = await call(`/requests/${id}/texts`, {
        method: 'POST',
        body: JSON.stringify({ body: 'Saturday at 10 works.' }),
      });
      expect(answer.status).toBe(201);
      await outbox.runOnce();
      expect(standIn.textsTo(herPhone).at(-1)).toMatchObject({ body: 'Saturday at 10 works.', from: '+19285550199' });
      const detail = (await (await call(`/requests/${id}`)).json()) as { firstAnsweredVia: string | null };
      expect(detail.firstAnsweredVia).toBe('text');
      const after = (await (await call('/requests?status=new')).json()) as {
        items: { id: string; questionAt: string | null }[];
      };
      expect(after.items.find((item) => item.id === id)?.questionAt ?? null).toBeNull();
      expect((await thread(call, id))[0]).toMatchObject({ direction: 'in', waiting: false });

      const delivered = await post(base, '/api/twilio/status', {
        MessageSid: standIn.textsTo(herPhone).at(-1)!.sid,
        MessageStatus: 'undelivered',
        ErrorCode: '30007',
      });
      expect(delivered.status).toBe(204);
      const last = (await thread(call, id)).at(-1)!;
      expect(last).toMatchObject({ status: 'undelivered' });
      expect(last.error).toMatch(/carrier filtered it/);
      await site.app.database.db.delete(pushSubscriptions);
    });
  });

  it('after STOP nothing more goes to her number, and START resumes', async () => {
    await reset();
    await site.run(async ({ base, standIn, outbox, call }) => {
      const { id } = await sendQuote(base, { textConsent: true });
      await outbox.runOnce();
      const count = standIn.textsTo(herPhone).length;
      await post(base, '/api/twilio/incoming', { From: herPhone, Body: 'Stop', MessageSid: 'SMstop' });
      const refused = await call(`/requests/${id}/texts`, { method: 'POST', body: JSON.stringify({ body: 'Hello?' }) });
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { error: string }).error).toMatch(/replied STOP/);
      await outbox.runOnce();
      expect(standIn.textsTo(herPhone)).toHaveLength(count);
      await post(base, '/api/twilio/incoming', { From: herPhone, Body: 'START', MessageSid: 'SMstart' });
      const again = await call(`/requests/${id}/texts`, {
        method: 'POST',
        body: JSON.stringify({ body: 'Hello again' }),
      });
      expect(again.status).toBe(201);
      await outbox.runOnce();
      expect(standIn.textsTo(herPhone).at(-1)!.body).toBe('Hello again');
      await post(base, '/api/twilio/incoming', { From: herPhone, Body: 'help', MessageSid: 'SMhelp' });
      await outbox.runOnce();
      expect(standIn.textsTo(herPhone).at(-1)!.body).toMatch(/^Rim Country Carpentry: .*\(928\) 555-0147/);
    });
  });

  it('texts the estimate sent with its link; after her STOP only its e-mail goes', async () => {
    await reset();
    await site.run(async ({ base, standIn, outbox, call }) => {
      const sendEstimate = async (requestId: string) => {
        const created = (await (
          await call(`/requests/${requestId}/estimates`, { method: 'POST', body: JSON.stringify(threeLines) })
        ).json()) as { id: string; url: string };
        expect((await call(`/estimates/${created.id}/send`, { method: 'POST' })).status).toBe(200);
        return created;
      };
      const { id } = await sendQuote(base, { textConsent: true });
      await outbox.runOnce();
      const estimate = await sendEstimate(id);
      await outbox.runOnce();
      // (Its follow-ups are due days later by this test's clock, which the database's has passed: they went too.)
      expect(standIn.textsTo(herPhone).map((text) => text.body)).toContain(
        `Rim Country Carpentry: your written estimate from Dale Hartman is ready: ${estimate.url}`,
      );
      const count = standIn.textsTo(herPhone).length;

      await post(base, '/api/twilio/incoming', { From: herPhone, Body: 'STOP', MessageSid: 'SMstop2' });
      await sendEstimate(id);
      await outbox.runOnce();
      expect(standIn.textsTo(herPhone)).toHaveLength(count);
      const mails = await site.app.database.db.select().from(deliveries).where(eq(deliveries.kind, 'estimate_email'));
      expect(mails).toHaveLength(2);
    });
  });

  it('texts a change order by its name, and the invoice with its link the first time it is sent', async () => {
    await reset();
    await site.run(async ({ base, standIn, outbox, call }) => {
      const { id } = await sendQuote(base, { textConsent: true });
      const estimate = (await (
        await call(`/requests/${id}/estimates`, { method: 'POST', body: JSON.stringify(threeLines) })
      ).json()) as { id: string; url: string };
      expect((await call(`/estimates/${estimate.id}/send`, { method: 'POST' })).status).toBe(200);
      const approval = await fetch(`${base}${new URL(estimate.url).pathname}/approve`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Dana Whitfield', accept: true }),
      });
      expect(approval.status).toBe(200);
      // A change order is texted by its own name.
      const change = (await (
        await call(`/requests/${id}/estimates`, {
          method: 'POST',
          body: JSON.stringify({
            changeOf: estimate.id,
            reason: 'Rot under the ledger',
            items: [{ description: 'Ledger', quantity: 1, unitPrice: 300 }],
          }),
        })
      ).json()) as { id: string; url: string };
      expect((await call(`/estimates/${change.id}/send`, { method: 'POST' })).status).toBe(200);
      await outbox.runOnce();
      expect(standIn.textsTo(herPhone).map((text) => text.body)).toContain(
        `Rim Country Carpentry: your change order from Dale Hartman is ready: ${change.url}`,
      );
      const invoice = (await (await call(`/requests/${id}/invoices`, { method: 'POST', body: '{}' })).json()) as {
        id: string;
        number: string;
        url: string;
      };
      expect((await call(`/invoices/${invoice.id}/send`, { method: 'POST' })).status).toBe(200);
      expect((await call(`/invoices/${invoice.id}/send`, { method: 'POST' })).status).toBe(200);
      await outbox.runOnce();
      const texts = standIn.textsTo(herPhone).filter((text) => text.body.includes(invoice.number));
      expect(texts).toHaveLength(1);
      expect(texts[0]!.body).toMatch(
        new RegExp(`^Rim Country Carpentry: invoice ${invoice.number} for \\$[\\d,]+\\.\\d{2} is ready, due by `),
      );
      expect(texts[0]!.body).toContain(invoice.url);
    });
  });

  it('refuses an unsigned or wrongly signed post with 403 and stores nothing', async () => {
    await reset();
    await site.run(async ({ base }) => {
      const fields = { From: herPhone, Body: 'Hi', MessageSid: 'SMforged' };
      const unsigned = await fetch(`${base}/api/twilio/incoming`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
      expect(unsigned.status).toBe(403);
      const wrong = await fetch(
        `${base}/api/twilio/incoming`,
        signedTwilioPost(`${base}/api/twilio/incoming`, fields, 'e'.repeat(32)),
      );
      expect(wrong.status).toBe(403);
      const elsewhere = await fetch(
        `${base}/api/twilio/incoming`,
        signedTwilioPost(`${base}/api/twilio/status`, fields),
      );
      expect(elsewhere.status).toBe(403);
      expect(await site.app.database.db.select().from(textMessages)).toEqual([]);
    });
  });

  it('a text from a number with no request starts a thread of its own, which he answers', async () => {
    await reset();
    await site.run(async ({ base, standIn, outbox, call }) => {
      await post(base, '/api/twilio/incoming', {
        From: '+16025551234',
        Body: 'Do you build fences?',
        MessageSid: 'SMnew',
      });
      const { threads } = (await (await call('/texts')).json()) as { threads: { phone: string; waiting: boolean }[] };
      expect(threads).toEqual([expect.objectContaining({ phone: '+16025551234', waiting: true })]);
      const answer = await call('/texts/+16025551234', {
        method: 'POST',
        body: JSON.stringify({ body: 'Yes, we do.' }),
      });
      expect(answer.status).toBe(201);
      await outbox.runOnce();
      expect(standIn.textsTo('+16025551234').map((text) => text.body)).toEqual(['Yes, we do.']);

      const fields = {
        name: 'Sam Ortiz',
        email: 'sam@example.com',
        projectType: 'Fence',
        city: 'Payson',
        budgetRange: '$5,000 - $10,000',
      };
      const missing = await call('/texts/+16025551234/request', {
        method: 'POST',
        body: JSON.stringify({ ...fields, city: '' }),
      });
      expect(missing.status).toBe(400);
      expect(await site.app.database.db.select().from(quoteRequests)).toEqual([]);
      const made = await call('/texts/+16025551234/request', { method: 'POST', body: JSON.stringify(fields) });
      expect(made.status).toBe(201);
      const { id } = (await made.json()) as { id: string };
      const detail = (await (await call(`/requests/${id}`)).json()) as { phone: string; texts: ThreadText[] };
      expect(detail.phone).toBe('(602) 555-1234');
      expect(detail.texts.map((text) => text.body)).toEqual(['Do you build fences?', 'Yes, we do.']);
      expect(((await (await call('/texts')).json()) as { threads: unknown[] }).threads).toEqual([]);
    });
  });
});

import { and, eq, lte, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { expect } from 'vitest';
import type { OwnerEstimate } from '@shared/schemas/estimates';
import { deliveries } from '../db/schema';
import { estimateBusinessSnapshot } from '../services/estimates/business-snapshot';
import { serveTestApp } from './app-fixture';
import type { TestDatabase } from './databases';
import { realMail } from './mail-outbox';
import { pdfText } from './pdf-text';
import { estimateOwner, jsonHeaders } from './estimate-owner';
import { sendQuote } from './quote-request';

/**
 * What the tests of an estimate's words and dates share (estimate-dates.test.ts,
 * estimate-wording.test.ts): the site on a fake clock for the estimates, the owner signed in, a
 * real SMTP server with the outbox worker that sends the estimate's e-mails, and the homeowner's
 * side of the page (her answers, the page, the PDF) as she reaches it.
 */

export { jsonHeaders };

/** 8:04 PM on Thursday December 3, 2026 in Arizona: already Friday in UTC. */
export const eveningInArizona = new Date('2026-12-04T03:04:00.000Z');

/** Two lines, the second optional. */
export const deckLines = {
  items: [
    { description: 'Cedar deck, 12 × 16 ft, on new footings', quantity: 1, unitPrice: 8200 },
    { description: 'Cedar railing, 38 ft', quantity: 1, unitPrice: 1900, optional: true },
  ],
  taxRate: 0,
};

/** The site for one of testDatabases, its estimates on `clock.now`. Call it inside the describe block. */
export function serveEstimates(testDb: TestDatabase, clock: { now: Date }) {
  const app = serveTestApp(testDb, { label: 'estimate-words', apps: [{ estimateClock: () => clock.now }] });
  const { database } = app;
  const { owner } = estimateOwner(app);
  const outbox = realMail(app, { estimateClock: () => clock.now });

  /** A homeowner's request, then her estimate sent by the owner at `clock.now`. */
  const requestFrom = async (name: string, email: string) => (await sendQuote(app.base, { name, email })).id;

  async function send(estimate: OwnerEstimate) {
    expect((await owner(`/estimates/${estimate.id}/send`, { method: 'POST' })).status).toBe(200);
    return { ...estimate, path: new URL(estimate.url).pathname };
  }

  async function sentEstimate(requestId: string) {
    const created = await owner(`/requests/${requestId}/estimates`, {
      method: 'POST',
      body: JSON.stringify(deckLines),
    });
    expect(created.status).toBe(201);
    return send((await created.json()) as OwnerEstimate);
  }

  /** A POST of the homeowner's on her estimate's page (approve, decline, question), as JSON. */
  const answer = (path: string, body: unknown) =>
    fetch(`${app.base}${path}`, { method: 'POST', headers: jsonHeaders, body: JSON.stringify(body) });
  const page = async (path: string) => (await fetch(`${app.base}${path}`)).text();
  const pdf = async (path: string) =>
    (await pdfText(new Uint8Array(await (await fetch(`${app.base}${path}/pdf`)).arrayBuffer()))).text;
  const attachedPdf = async (mail: ParsedMail) =>
    (await pdfText(new Uint8Array(mail.attachments.find((file) => file.contentType === 'application/pdf')!.content)))
      .text;

  return {
    app,
    owner,
    requestFrom,
    sentEstimate,
    send,
    answer,
    page,
    pdf,
    attachedPdf,
    mailTo: outbox.mailTo,
    /**
     * Sends what the outbox holds that is due by the estimates' clock. The worker asks the
     * database's own clock, which may be behind the test's (a run on a clock set to the evening).
     */
    runOutbox: async () => {
      await database.db
        .update(deliveries)
        .set({ nextAttemptAt: sql`now()` })
        .where(and(eq(deliveries.status, 'pending'), lte(deliveries.nextAttemptAt, clock.now)));
      return outbox.runOutboxes();
    },
    /** The business's name as the estimate freezes it. */
    businessName: async () => (await estimateBusinessSnapshot(database.db)).name,
  };
}

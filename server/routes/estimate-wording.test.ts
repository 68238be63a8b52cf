import { describe, expect, it } from 'vitest';
import type { OwnerEstimate } from '@shared/schemas/estimates';
import { testDatabases } from '../test/databases';
import { eveningInArizona, serveEstimates } from '../test/estimate-site-with-mail';

const hourMs = 3600_000;

describe.each(testDatabases)("an estimate's e-mails and answers in plain words, on $kind", (testDb) => {
  const clock = { now: eveningInArizona };
  const site = serveEstimates(testDb, clock);

  it('names the business in the e-mails, where they said "our estimate" and "we will call you"', async () => {
    clock.now = eveningInArizona;
    const business = await site.businessName();
    const { path } = await site.sentEstimate(await site.requestFrom('Rosa Begay', 'rosa@example.com'));
    await site.runOutbox();
    // By subject: on a later clock her follow-up is due too, and may come first.
    const sent = site.mailTo('rosa@example.com').find((mail) => mail.subject?.startsWith('Your estimate'));
    expect(sent?.text).toContain(`Here is the estimate from ${business} for your deck`);
    expect(sent?.html).toContain(`here is the written estimate from ${business}.`);
    expect(`${sent?.text}${sent?.html}`).not.toMatch(/\bour (written )?estimate/);

    await site.answer(`${path}/approve`, { name: 'Rosa Begay', accept: true, options: [] });
    await site.runOutbox();
    const approved = site.mailTo('rosa@example.com').find((mail) => mail.subject?.startsWith('Estimate approved'));
    expect(approved?.text).toContain(`you approved the estimate from ${business} for your deck`);
    expect(approved?.html).toContain(`What happens next: ${business} will call you within two business days`);
    expect(`${approved?.text}${approved?.html}`).not.toMatch(/\bour estimate|\bwe will call you/);
  });

  it('thanks her for a decline in words, not with the reason in brackets', async () => {
    clock.now = eveningInArizona;
    const { path } = await site.sentEstimate(await site.requestFrom('Luis Ortega', 'luis@example.com'));
    expect((await site.answer(`${path}/decline`, { reason: 'price' })).status).toBe(200);
    const page = await site.page(path);
    expect(page).toContain('Thank you for letting us know the price did not work for you.');
    expect(page).not.toContain('(Price)');
  });

  it('says a revised estimate replaces the one sent on its Arizona day, and answers her question', async () => {
    clock.now = eveningInArizona;
    const business = await site.businessName();
    const requestId = await site.requestFrom('Marisol Vega', 'marisol.vega@example.com');
    const first = await site.sentEstimate(requestId);
    await site.runOutbox();
    clock.now = new Date(eveningInArizona.getTime() + 3 * hourMs);
    const question = 'Could the railing be metal instead of cedar?';
    expect((await site.answer(`${first.path}/question`, { message: question })).status).toBe(200);

    // He sends the revision at 6 AM the next morning, Arizona time (the outbox sends what is due by the database's clock).
    clock.now = new Date(eveningInArizona.getTime() + 10 * hourMs);
    const revised = await site.owner(`/estimates/${first.id}/revise`, { method: 'POST' });
    await site.send((await revised.json()) as OwnerEstimate);
    await site.runOutbox();

    const mails = site.mailTo('marisol.vega@example.com').filter((mail) => !mail.subject?.startsWith('A reminder'));
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your estimate for the deck: $8,200.00 – ${business}`,
      `Your revised estimate for the deck, replacing the one sent December 3, 2026: $8,200.00 – ${business}`,
    ]);
    const lines = mails[1]!.text!.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'Hello Marisol,',
      '',
      `This revised estimate from ${business} replaces the one sent on December 3, 2026. It answers your question: “${question}”`,
    ]);
    expect(mails[1]!.html).toContain('replaces the one sent on December 3, 2026.');
    expect(await site.attachedPdf(mails[1]!)).toContain('Sent December 4, 2026');
    // The first e-mail was the only one of its kind: nothing in it speaks of a revision.
    expect(mails[0]!.text).not.toMatch(/revised|replaces/);
  });

  it('says nothing of a question when she asked none before the revision', async () => {
    clock.now = eveningInArizona;
    const first = await site.sentEstimate(await site.requestFrom('Ana Lucero', 'ana@example.com'));
    clock.now = new Date(eveningInArizona.getTime() + 2 * hourMs);
    const revised = await site.owner(`/estimates/${first.id}/revise`, { method: 'POST' });
    await site.send((await revised.json()) as OwnerEstimate);
    await site.runOutbox();
    const revision = site.mailTo('ana@example.com').find((mail) => mail.subject?.startsWith('Your revised estimate'));
    expect(revision?.text).toContain('replaces the one sent on December 3, 2026.\n');
    expect(revision?.text).not.toContain('question:');
  });
});

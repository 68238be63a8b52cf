import { describe, expect, it } from 'vitest';
import type { OwnerEstimate } from '@shared/schemas/estimates';
import { testDatabases } from '../test/databases';
import { deckLines, eveningInArizona, serveEstimates } from '../test/estimate-site-with-mail';

const sentDay = 'December 3, 2026';
/** Approved a minute and a half later: still Thursday evening in Arizona, Friday in UTC. */
const approvedAt = new Date('2026-12-04T03:05:37.118Z');
const approvedTime = 'December 3, 2026, 8:05 PM Arizona time';

describe.each(testDatabases)('an estimate sent at 8 PM Arizona time, on $kind', (testDb) => {
  const clock = { now: eveningInArizona };
  const site = serveEstimates(testDb, clock);

  it('is dated the Arizona day on the preview, the page, both PDFs and the e-mails', async () => {
    clock.now = eveningInArizona;
    const requestId = await site.requestFrom('Dana Whitfield', 'dana.whitfield@example.com');
    const created = await site.owner(`/requests/${requestId}/estimates`, {
      method: 'POST',
      body: JSON.stringify(deckLines),
    });
    const draft = (await created.json()) as OwnerEstimate;

    // The owner's preview of the draft, as if sent now.
    const preview = await (await site.owner(`/estimates/${draft.id}/preview`)).text();
    expect(preview).toContain(`Estimate 1, sent ${sentDay}`);

    const { path } = await site.send(draft);
    await site.runOutbox();
    const [sentMail] = site.mailTo('dana.whitfield@example.com');
    const sentPdf = await site.attachedPdf(sentMail!);
    expect(sentPdf).toContain(`Sent ${sentDay}`);
    expect(sentPdf).not.toContain('December 4');

    const open = await site.page(path);
    expect(open).toContain(`Estimate 1, sent ${sentDay}`);
    expect(open).not.toContain('December 4');
    expect(await site.pdf(path)).toContain(`Sent ${sentDay}`);

    clock.now = approvedAt;
    const approved = await site.answer(`${path}/approve`, { name: 'Dana Whitfield', accept: true, options: [1] });
    expect(approved.status).toBe(200);
    const page = await site.page(path);
    expect(page).toContain(`Approved on ${approvedTime} by Dana Whitfield`);
    expect(page).toContain(`Estimate 1, sent ${sentDay}`);

    const signed = await site.pdf(path);
    expect(signed).toContain(`Approved on ${approvedTime} by Dana Whitfield`);
    expect(signed).toContain(`Sent ${sentDay}`);
    expect(signed).not.toMatch(/2026-12-0\d|December 4/);

    await site.runOutbox();
    const confirmation = site
      .mailTo('dana.whitfield@example.com')
      .find((mail) => mail.subject?.startsWith('Estimate approved'));
    expect(confirmation?.text).toContain(`on ${approvedTime}, signed Dana Whitfield`);
    expect(confirmation?.html).toContain(`Approved on ${approvedTime} by Dana Whitfield`);
    expect(await site.attachedPdf(confirmation!)).toContain(`Approved on ${approvedTime}`);
  });

  it('says on the approved page and the signed PDF what was recorded, in plain words', async () => {
    clock.now = eveningInArizona;
    const requestId = await site.requestFrom('Marisol Vega', 'marisol@example.com');
    const { path } = await site.sentEstimate(requestId);
    clock.now = approvedAt;
    await site.answer(`${path}/approve`, { name: 'Marisol Vega', accept: true, options: [1] });
    const business = await site.businessName();

    const page = await site.page(path);
    expect(page).toContain('What your approval recorded');
    expect(page).toContain('Your name, as you typed it: Marisol Vega');
    expect(page).toContain(`The time: ${approvedTime}`);
    expect(page).toContain('The options you chose: Cedar railing, 38 ft');
    expect(page).toContain('The total you approved: $10,100.00');
    expect(page).toContain(`nobody can change it now, neither you nor ${business}`);
    expect(page).not.toMatch(/SHA-256|Signature record/);

    const signed = await site.pdf(path);
    expect(signed).toContain('Signed by typing the name: Marisol Vega');
    expect(signed).toContain(`Time of the approval: ${approvedTime}`);
    expect(signed).toContain('Options chosen: Cedar railing, 38 ft');
    expect(signed).toContain(`This is the estimate exactly as it was sent on ${sentDay}`);
    expect(signed).toMatch(/Fingerprint of this document[^]*[0-9a-f]{64}/);
    expect(signed).not.toContain('Time: ');
  });
});

import ICAL from 'ical.js';
import pg from 'pg';
import { expect, it } from 'vitest';
import type { VisitSlot } from '@shared/schemas/visits';
import { sendQuote } from './test/quote-request';
import { cleanupsAfterEach, describeWithProcesses, postgresWithMail, startTwoServers } from './test/server-process';
import { waitFor } from './test/wait-for';

/**
 * The estimate visits with two real server processes on one Postgres database: twenty requests
 * booking one window at once through both leave one visit (the unique index decides, not a look
 * before the insert), and the homeowner who got it receives the e-mail with a calendar
 * invitation that parses and starts at that window.
 */
const cleanups = cleanupsAfterEach();

describeWithProcesses('estimate visits on two servers', () => {
  it('gives one window to one of 20 requests posted at once through two processes, and mails the .ics', async () => {
    const { database, smtp, env } = await postgresWithMail('visits', cleanups);
    const servers = await startTwoServers({ ...env, LEAD_REMINDER_MINUTES: '0' }, cleanups, {
      sharedDataDir: 'visits',
    });

    const requests = await Promise.all(
      Array.from({ length: 20 }, (_, i) => sendQuote(servers[i % 2]!.base, { email: `home${i}@example.com` })),
    );
    const slots = (await (
      await fetch(`${servers[1]!.base}/api${requests[0]!.visitUrl.replace('/visit/', '/visits/')}/slots`)
    ).json()) as VisitSlot[];
    const window = slots[1]!;

    const answers = await Promise.all(
      requests.map(async (request, i) => {
        const response = await fetch(`${servers[i % 2]!.base}/api${request.visitUrl.replace('/visit/', '/visits/')}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ start: window.start, address: `${i} Race St, Payson` }),
        });
        return { status: response.status, body: (await response.json()) as { next?: VisitSlot[] }, i };
      }),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    for (const lost of answers.filter((a) => a.status === 409))
      expect(lost.body.next?.[0]?.start).toBe(slots[2]!.start);
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    cleanups.push(() => db.end());
    const { rows } = await db.query<{ n: string }>(`select count(*) as n from visits where status = 'booked'`);
    expect(Number(rows[0]!.n)).toBe(1);

    const winner = answers.find((a) => a.status === 201)!.i;
    const mail = await waitFor('the visit e-mail', 30_000, () =>
      smtp.received.find(
        (message) =>
          message.subject?.startsWith('Your estimate visit is booked') && message.text?.includes(`${winner} Race St`),
      ),
    );
    const invitation = mail.attachments.find((attachment) => attachment.contentType.startsWith('text/calendar'));
    expect(invitation).toBeDefined();
    const calendar = new ICAL.Component(ICAL.parse(invitation!.content.toString('utf8')));
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.startDate.toJSDate().getTime()).toBe(Date.parse(window.start));
    expect(event.endDate.toJSDate().getTime()).toBe(Date.parse(window.end));
    expect(event.location).toBe(`${winner} Race St, Payson`);
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    // The receipt of the quote request links the same booking page.
    const receipt = await waitFor('the receipt', 30_000, () =>
      smtp.received.find(
        (message) =>
          message.subject?.startsWith('We received your quote request') &&
          message.to &&
          JSON.stringify(message.to).includes(`home${winner}@`),
      ),
    );
    expect(receipt.text).toContain(`Pick a time for your free on-site estimate: https://`);
    expect(receipt.text).toContain(requests[winner]!.visitUrl);
    // The owner hears of it too.
    await waitFor('the owner’s e-mail', 30_000, () =>
      smtp.received.find((message) => message.subject?.startsWith('Estimate visit booked')),
    );
  }, 120_000);
});

import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { deliveries } from './db/schema';
import { callAsOwner, ownerCookie } from './test/owner-session';
import { sendQuote } from './test/quote-request';
import { cleanupsAfterEach, describeWithProcesses, postgresWithMail, startTwoServers } from './test/server-process';
import { standInAccount, startTwilioStandIn } from './test/twilio-stand-in';
import { waitFor } from './test/wait-for';

const cleanups = cleanupsAfterEach();

/**
 * Texts from two server processes on one Postgres database, through the Twilio stand-in: each
 * text goes once whichever server wrote it, and a Twilio outage (500s) delays the texts and
 * never drops one. The owner's own texts are counted: they go at once, day or night.
 */
describeWithProcesses('texts from two servers', () => {
  it('sends each text once, and after an outage sends every one that waited', async () => {
    const { database, env } = await postgresWithMail('texts_process', cleanups);
    const standIn = await startTwilioStandIn();
    cleanups.push(standIn.close);
    const [a, b] = await startTwoServers(
      {
        ...env,
        TWILIO_ACCOUNT_SID: standInAccount.accountSid,
        TWILIO_AUTH_TOKEN: standInAccount.authToken,
        TWILIO_FROM: standInAccount.sender,
        TWILIO_API_URL: standIn.url,
        OUTBOX_RETRY_SECONDS: '1',
      },
      cleanups,
      { sharedDataDir: 'texts-process' },
    );
    const cookies = [await ownerCookie(a.base), await ownerCookie(b.base)];
    const servers = [a, b];
    const phones = ['(928) 555-0141', '(928) 555-0142', '(928) 555-0143', '(928) 555-0144'];
    const ids: string[] = [];
    for (const [index, phone] of phones.entries())
      ids.push(
        (await sendQuote(servers[index % 2]!.base, { phone, email: `t${index}@example.com`, textConsent: true })).id,
      );

    const ownerText = async (round: string) => {
      for (const [index, id] of ids.entries()) {
        const server = servers[index % 2]!;
        const sent = await callAsOwner(server.base, cookies[index % 2]!, `/requests/${id}/texts`, {
          method: 'POST',
          body: JSON.stringify({ body: `${round} ${index}` }),
        });
        expect(sent.status).toBe(201);
      }
    };
    const bodiesOf = (round: string) => standIn.texts.map((text) => text.body).filter((body) => body.startsWith(round));

    await ownerText('First round');
    await waitFor('the first round of texts', 20_000, () => (bodiesOf('First round').length >= 4 ? true : undefined));

    standIn.failWith(500);
    await ownerText('After the outage');
    await waitFor('Twilio refusing the texts', 20_000, () => (standIn.refusals() >= 4 ? true : undefined));
    expect(bodiesOf('After the outage')).toEqual([]);
    standIn.failWith(null);
    await waitFor('the texts that waited', 30_000, () => (bodiesOf('After the outage').length >= 4 ? true : undefined));

    // Once nothing of the owner's waits any more, each went exactly once.
    const handle = await openDatabase({ databaseUrl: database.url, dataDir: null });
    cleanups.push(() => handle.close());
    await waitFor('every owner text recorded as sent', 20_000, async () => {
      const rows = await handle.db.select().from(deliveries).where(eq(deliveries.kind, 'text'));
      const owners = rows.filter((row) => row.status !== 'sent' && row.nextAttemptAt.getTime() <= Date.now() + 60_000);
      return owners.length === 0 ? true : undefined;
    });
    expect(bodiesOf('First round').sort()).toEqual([
      'First round 0',
      'First round 1',
      'First round 2',
      'First round 3',
    ]);
    expect(bodiesOf('After the outage').sort()).toEqual([
      'After the outage 0',
      'After the outage 1',
      'After the outage 2',
      'After the outage 3',
    ]);
  });
});

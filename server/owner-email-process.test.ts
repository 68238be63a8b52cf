import pg from 'pg';
import { expect, it } from 'vitest';
import { ownBusinessDetails } from './test/business-details';
import { tempDir, validQuote } from './test/http';
import { jsonHeaders as json, ownerPassword, signInOwnerOnPostgres } from './test/owner-session';
import {
  cleanupsAfterEach,
  describeWithProcesses,
  postgresWithMail,
  startServerProcess,
  startTwoServers,
} from './test/server-process';
import { waitFor } from './test/wait-for';

/**
 * The E-mail the owner saves in Settings is where his mail goes from then on, on every server
 * process sharing the database: OWNER_EMAIL is only where it went before. He changes it on one
 * process; the old address is told; a new request's alert, a reset link (both through the other
 * process, which has not polled the content since) and a lead reminder go to the new address.
 * Skipped without a Postgres server.
 */
const setUpWith = 'owner@example.com';
const saved = ownBusinessDetails.email;

const cleanups = cleanupsAfterEach();

describeWithProcesses('the e-mail saved in Settings', () => {
  it('takes every alert, reminder and reset link from OWNER_EMAIL, on every process; the old address is told', async () => {
    const { database, smtp, env: mailEnv } = await postgresWithMail('owner_email', cleanups);
    const env = {
      ...mailEnv,
      OWNER_EMAIL: setUpWith,
      // The other process does not poll the content again before it sends (the check's longest interval): it reads it as it sends.
      CONTENT_CHECK_SECONDS: '60',
      BUSINESS_HOURS: '24/7',
      LEAD_REMINDER_MINUTES: '60',
    };
    const [a, b] = await startTwoServers(env, cleanups, { ownDataDir: 'owner-email' });
    const cookie = await signInOwnerOnPostgres(database.url, a.base);
    const settings = async () =>
      (await (await fetch(`${a.base}/api/owner/settings`, { headers: { Cookie: cookie } })).json()) as {
        mailTo: string;
      };
    expect((await settings()).mailTo).toBe(setUpWith);
    const save = await fetch(`${a.base}/api/owner/settings`, {
      method: 'PUT',
      headers: { ...json, Origin: a.base, Cookie: cookie },
      body: JSON.stringify({ ...ownBusinessDetails, currentPassword: ownerPassword }),
    });
    expect(save.status).toBe(200);
    expect((await settings()).mailTo).toBe(saved);

    const received = (subject: string) =>
      waitFor(`“${subject}”`, 30_000, () => {
        const mails = smtp.withSubject(subject);
        return mails.length ? mails : undefined;
      });
    const [notice] = await received('The e-mail address of your website was changed');
    expect(notice!.to).toMatchObject({ text: setUpWith });
    expect(notice!.text).toContain('Alerts, reminders and password-reset links now go to the new address.');

    const quote = await fetch(`${b.base}/api/quote-requests`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(validQuote),
    });
    expect(quote.status).toBe(201);
    const [alert] = await received(`New quote: ${validQuote.projectType} in ${validQuote.city} (${validQuote.name})`);
    expect(alert!.to).toMatchObject({ text: saved });

    const tap = await fetch(`${b.base}/api/owner/password-reset`, { method: 'POST', headers: { Origin: b.base } });
    expect(await tap.json()).toEqual({ sent: true, to: 'd•••@rimcountry.com' });
    const [link] = await received('Set a new password for the Rim Country Carpentry inbox');
    expect(link!.to).toMatchObject({ text: saved });

    // A request two hours old and unanswered: the reminder a starting process writes goes there too.
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    cleanups.push(() => pool.end());
    const { rows } = await pool.query<{ id: string }>(
      `insert into quote_requests (name, phone, email, project_type, city, budget_range, created_at)
       values ('Ana Ruiz', '928-555-0101', 'ana@example.com', 'Fence', 'Pine', 'Not sure yet', now() - interval '2 hours')
       returning id`,
    );
    await pool.query(`insert into quote_request_states (quote_request_id, status) values ($1, 'new')`, [rows[0]!.id]);
    const data = await tempDir('owner-email');
    cleanups.push(data.remove);
    const c = await startServerProcess({ ...env, DATA_DIR: data.dir });
    cleanups.push(() => c.kill());
    const [reminder] = await received('Still waiting: Fence in Pine (Ana Ruiz)');
    expect(reminder!.to).toMatchObject({ text: saved });
    // Nothing went to the address the site was set up with but the notice.
    expect(smtp.received.filter((mail) => JSON.stringify(mail.to).includes(setUpWith))).toHaveLength(1);
  }, 180_000);
});

import { describe, expect, it } from 'vitest';
import { postgresReachable } from './test/databases';
import { tempDir, validQuote } from './test/http';
import { cleanupsAfterEach, postgresWithMail, startTwoServers } from './test/server-process';
import { startSmtpServer } from './test/smtp';
import { waitFor } from './test/wait-for';

/**
 * Going live without a shell, on two server processes sharing one Postgres (and one DATA_DIR, where
 * the mail key lives): each start without a password logs a set-up link, the first also e-mails
 * one; a link from one process's log sets the password through the other; mail settings saved on
 * one are what the other sends with at once, no restart. Skipped without a Postgres server.
 */
const password = 'juniper ridge at dawn';
const auth = { user: 'office@rimcountry.com', pass: 'app-password-4471' };
const json = { 'Content-Type': 'application/json' };

const cleanups = cleanupsAfterEach();

describe.skipIf(process.env.FAULT_TESTS === 'skip' || !postgresReachable)('set-up link and mail settings', () => {
  it('the logged link sets the password, and saved mail settings move every process to the new server', async () => {
    const { smtp, env: mailEnv } = await postgresWithMail('mail_settings', cleanups, { ownerPassword: false });
    const data = await tempDir('mail-settings-process');
    cleanups.push(data.remove);
    const env = { ...mailEnv, DATA_DIR: data.dir, LOG_REQUESTS: 'true', BUSINESS_HOURS: '24/7' };
    const [a, b] = await startTwoServers(env, cleanups);

    const linkIn = (output: string) => /https?:\/\/[^\s"]+\/owner\/setup\/([A-Za-z0-9_-]{43})/.exec(output)?.[1];
    const token = linkIn(a.output())!;
    expect(token).toBeDefined();
    expect(linkIn(b.output())).not.toBe(token);
    const [mailed] = await waitFor('the set-up e-mail', 30_000, () => {
      const mails = smtp.withSubject('Set the password of your Rim Country Carpentry inbox');
      return mails.length ? mails : undefined;
    });
    expect(mailed!.to).toMatchObject({ text: 'owner@example.com' });

    // The page's address in the request log hides its token.
    await fetch(`${a.base}/owner/setup/${token}`);
    const set = await fetch(`${b.base}/api/owner/setup/password`, {
      method: 'POST',
      headers: { ...json, Origin: b.base },
      body: JSON.stringify({ token, password, repeat: password }),
    });
    expect(set.status).toBe(200);
    const cookie = set.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');

    const provider = await startSmtpServer({ auth });
    cleanups.push(provider.close);
    const saved = await fetch(`${a.base}/api/owner/mail-settings`, {
      method: 'PUT',
      headers: { ...json, Origin: a.base, Cookie: cookie },
      body: JSON.stringify({
        host: '127.0.0.1',
        port: provider.port,
        secure: false,
        user: auth.user,
        password: auth.pass,
        from: 'Rim Country Carpentry <office@rimcountry.com>',
      }),
    });
    expect(saved.status).toBe(200);

    const quote = await fetch(`${b.base}/api/quote-requests`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(validQuote),
    });
    expect(quote.status).toBe(201);
    const subject = `New quote: ${validQuote.projectType} in ${validQuote.city} (${validQuote.name})`;
    const [alert] = await waitFor('the alert through the saved server', 30_000, () => {
      const mails = provider.withSubject(subject);
      return mails.length ? mails : undefined;
    });
    expect(alert!.from).toMatchObject({ text: expect.stringContaining('office@rimcountry.com') });
    expect(smtp.withSubject(subject)).toHaveLength(0);

    const logs = a.output() + b.output();
    expect(logs).toContain('/owner/setup/…');
    expect(logs.match(new RegExp(token, 'g'))).toHaveLength(1);
    expect(logs).not.toContain(auth.pass);
  }, 180_000);
});

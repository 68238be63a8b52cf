import { stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainCheck, MailSettingsView, MailTestResult } from '@shared/schemas/mail-settings';
import { mailSettings } from '../db/schema';
import { setOwnerPassword } from '../services/owner/owner-sessions';
import { createMailSettings } from '../services/mail-settings/mail-settings';
import { mailKeyFile, secretBox, type SecretBox } from '../services/mail-settings/secret-box';
import { serveTestApp } from '../test/app-fixture';
import { testDatabases } from '../test/databases';
import { startDnsServer, type TestDnsServer } from '../test/dns-server';
import { quickPasswordHash, setupTimeout, tempDir } from '../test/http';
import { capturingLogger } from '../test/log';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp';

const json = { 'Content-Type': 'application/json' };
const ownerPassword = 'juniper ridge at dawn';
const ownerEmail = 'owner@example.com';
const auth = { user: 'office@rimcountry.com', pass: 'app-password-4471' };
const testSubject = 'Test e-mail from your Rim Country Carpentry website';

/**
 * E-mail sending in Settings, over HTTP with the real SMTP stand-in and a DNS server of the test's
 * own: saved settings never show or log the password and keep it only sealed; Send a test e-mail
 * says what the mail server answered; Check my domain says, per record, found or what to add.
 */
describe.each(testDatabases)('E-mail sending on $kind', (testDb) => {
  const log = capturingLogger();
  let dns: TestDnsServer;
  // The app is made before the fixture's folder exists: its key file is read there at each use.
  const box: SecretBox = { seal: (secret) => secretBox(app.dir).seal(secret), open: (s) => secretBox(app.dir).open(s) };
  const app = serveTestApp(testDb, { label: 'mail-settings' });
  const settings = createMailSettings({ database: app.database, box, serverFrom: 'Site <site@example.com>' });
  let smtp: TestSmtpServer;
  let cookie = '';
  beforeAll(async () => {
    smtp = await startSmtpServer({ auth });
    dns = await startDnsServer({
      'rimcountry.com': ['google-site-verification=abc', 'v=spf1 include:_spf.google.com ~all'],
      'selector1._domainkey.rimcountry.com': ['v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC'],
    });
    await setOwnerPassword(app.database.transaction, ownerPassword, quickPasswordHash);
  }, setupTimeout);
  afterAll(async () => {
    await smtp?.close();
    await dns?.close();
  });

  /** Runs `work` against an app with E-mail sending, signed in. */
  const served = (work: (call: (method: string, url: string, body?: unknown) => Promise<Response>) => Promise<void>) =>
    app.withApp(
      {
        logger: log.logger,
        logRequests: true,
        mailSettings: { settings, dnsServers: [dns.address] },
        settingsEnvironment: { businessHours: false, ownerEmail },
      },
      async (base) => {
        const signIn = await fetch(`${base}/api/owner/session`, {
          method: 'POST',
          headers: { ...json, Origin: base },
          body: JSON.stringify({ password: ownerPassword }),
        });
        cookie = signIn.headers
          .getSetCookie()
          .map((line) => line.split(';')[0])
          .join('; ');
        await work((method, url, body) =>
          fetch(`${base}/api/owner/mail-settings${url}`, {
            method,
            headers: { ...json, Origin: base, Cookie: cookie },
            body: body === undefined ? undefined : JSON.stringify(body),
          }),
        );
      },
    );
  const server = () => ({
    host: '127.0.0.1',
    port: smtp.port,
    secure: false,
    from: 'Rim Country Carpentry <office@rimcountry.com>',
  });

  it('saves the server and its password sealed, never shows it back, and the test e-mail arrives', async () => {
    await served(async (call) => {
      expect(((await (await call('GET', '')).json()) as MailSettingsView).source).toBe('none');
      const saved = await call('PUT', '', { ...server(), user: auth.user, password: auth.pass });
      expect(saved.status).toBe(200);
      const view = (await saved.json()) as MailSettingsView;
      expect(view).toMatchObject({
        source: 'saved',
        host: '127.0.0.1',
        user: auth.user,
        passwordSaved: true,
        testTo: ownerEmail,
      });
      expect(JSON.stringify(view)).not.toContain(auth.pass);
      const [row] = await app.database.db.select().from(mailSettings);
      expect(row!.passwordSealed).not.toContain(auth.pass);
      expect((await stat(path.join(app.dir, mailKeyFile))).mode & 0o777).toBe(0o600);

      const test = (await (await call('POST', '/test', {})).json()) as MailTestResult;
      expect(test).toEqual({ ok: true, message: expect.stringContaining(`test e-mail for ${ownerEmail}`) });
      const [mail] = smtp.withSubject(testSubject);
      expect(mail!.to).toMatchObject({ text: ownerEmail });
      expect(mail!.from).toMatchObject({ text: expect.stringContaining('office@rimcountry.com') });

      // The form leaves the password blank to keep it.
      expect((await call('PUT', '', { ...server(), user: auth.user, password: '' })).status).toBe(200);
      expect(((await (await call('POST', '/test', {})).json()) as MailTestResult).ok).toBe(true);
    });
    expect(log.lines.join('\n')).not.toContain(auth.pass);
  });

  it('says in plain words what the mail server answered', async () => {
    await served(async (call) => {
      const test = async (body: unknown) =>
        ((await (await call('POST', '/test', body)).json()) as MailTestResult).message;
      expect(await test({ ...server(), user: auth.user, password: 'not it' })).toContain(
        'The mail server refused the user name or password.',
      );
      expect(await test({ ...server(), secure: true, user: auth.user, password: auth.pass })).toContain(
        'No secure connection could be made',
      );
      const refusing = await startSmtpServer({
        refuse: { address: ownerEmail, code: 550, message: 'No such user here' },
      });
      try {
        const message = await test({ ...server(), port: refusing.port });
        expect(message).toContain(`The mail server refused to send to ${ownerEmail}.`);
        expect(message).toContain('No such user here');
      } finally {
        await refusing.close();
      }
    });
  });

  it('asks for the password before another mail server carries the reset links', async () => {
    await served(async (call) => {
      const elsewhere = { smtpUrl: `smtp://localhost:${smtp.port}`, from: 'office@rimcountry.com' };
      expect((await call('PUT', '', elsewhere)).status).toBe(403);
      expect((await call('PUT', '', { ...elsewhere, currentPassword: ownerPassword })).status).toBe(200);
      expect(((await (await call('GET', '')).json()) as MailSettingsView).host).toBe('localhost');
    });
  });

  it('a password sealed on another server cannot be read: he types it again', async () => {
    const other = await tempDir('mail-key-elsewhere');
    try {
      const sealed = await secretBox(other.dir).seal('sealed elsewhere');
      await app.database.db.update(mailSettings).set({ passwordSealed: sealed, username: auth.user });
      await served(async (call) => {
        expect(((await (await call('GET', '')).json()) as MailSettingsView).passwordUnreadable).toBe(true);
        expect(((await (await call('POST', '/test', {})).json()) as MailTestResult).message).toContain(
          'Type the mail password again',
        );
      });
    } finally {
      await other.remove();
    }
  });

  it('checks the domain: each record found, or what to add', async () => {
    await served(async (call) => {
      const answer = await call('POST', '/check-domain', { from: 'Rim Country Carpentry <office@rimcountry.com>' });
      expect(answer.status).toBe(200);
      const check = (await answer.json()) as DomainCheck;
      expect(check.spf).toEqual({ found: true, record: 'v=spf1 include:_spf.google.com ~all' });
      expect(check.dkim).toMatchObject({
        found: true,
        record: expect.stringContaining('selector1._domainkey.rimcountry.com'),
      });
      expect(check.dmarc).toMatchObject({
        found: false,
        add: { type: 'TXT', name: '_dmarc.rimcountry.com', value: `v=DMARC1; p=none; rua=mailto:${ownerEmail}` },
      });
      expect(dns.asked).toContain('_dmarc.rimcountry.com');
    });
  });
});

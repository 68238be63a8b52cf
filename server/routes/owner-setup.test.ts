import { describe, expect, it } from 'vitest';
import { ownerPasswordTexts } from '@shared/owner-password-texts';
import { deliveries, ownerCredentials, ownerSetupLinks } from '../db/schema';
import { silentLogger } from '../logger';
import { createMailer } from '../services/alerts/mailer';
import { neverRestoredTables } from '../services/backup/restore-policy';
import { createOutboxWorker } from '../services/outbox/outbox-worker';
import { setOwnerPassword } from '../services/owner/owner-sessions';
import { createSetupLinks } from '../services/owner/setup-link';
import { createSetupLinkMail } from '../services/owner/setup-link-mail';
import { serveTestApp } from '../test/app-fixture';
import { testDatabases } from '../test/databases';
import { quickPasswordHash } from '../test/http';
import { capturingLogger } from '../test/log';
import { smtpServerForTests } from '../test/smtp';

const json = { 'Content-Type': 'application/json' };
const password = 'juniper ridge at dawn';

/**
 * His first password without a shell: a start with no password makes a set-up link; its page's
 * API sets the password with it once and signs him in; a used or expired link says so; the log
 * never holds the token; the link's e-mail goes once mail works, at most once a day.
 */
describe.each(testDatabases)('the set-up link on $kind', (testDb) => {
  const log = capturingLogger();
  // The request log of the set-up page's address: its headers come before any page.
  const app = serveTestApp(testDb, { label: 'owner-setup', apps: [{ logger: log.logger, logRequests: true }] });
  const { database } = app;
  const smtpServer = smtpServerForTests();

  const base = () => app.servers[0]!.base;
  const post = (path: string, body: unknown) =>
    fetch(`${base()}/api/owner/setup${path}`, {
      method: 'POST',
      headers: { ...json, Origin: base() },
      body: JSON.stringify(body),
    });
  const status = async () => (await (await fetch(`${base()}/api/owner/setup`)).json()) as { passwordSet: boolean };
  const stateOf = async (token: string) =>
    ((await (await post('/check', { token })).json()) as { state: string }).state;

  it('sets the first password once, signs the device in, and then says the link was used', async () => {
    expect(await status()).toEqual({ passwordSet: false });
    const setup = createSetupLinks({ database });
    const made = (await setup.atStart({ mailReady: false }))!;
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await stateOf(made.token)).toBe('valid');

    const page = await fetch(`${base()}/owner/setup/${made.token}`);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');

    const mismatch = await post('/password', { token: made.token, password, repeat: 'something else' });
    expect(mismatch.status).toBe(400);
    const set = await post('/password', { token: made.token, password, repeat: password });
    expect(set.status).toBe(200);
    const cookie = set.headers
      .getSetCookie()
      .find((line) => line.startsWith('rcc_owner='))!
      .split(';')[0]!;
    expect((await fetch(`${base()}/api/owner/session`, { headers: { Cookie: cookie } })).status).toBe(200);
    expect(await status()).toEqual({ passwordSet: true });

    expect(await stateOf(made.token)).toBe('used');
    const again = await post('/password', {
      token: made.token,
      password: 'another long password',
      repeat: 'another long password',
    });
    expect(again.status).toBe(410);
    // Once the site has its password, no link makes another, and a start makes none.
    expect(await setup.atStart({ mailReady: true })).toBeNull();

    const signIn = await fetch(`${base()}/api/owner/session`, {
      method: 'POST',
      headers: { ...json, Origin: base() },
      body: JSON.stringify({ password }),
    });
    expect(signIn.status).toBe(200);
    expect(log.lines.join('\n')).not.toContain(made.token);
    expect(log.lines.join('\n')).toContain('/owner/setup/…');
    await database.db.delete(ownerSetupLinks);
    await database.db.delete(ownerCredentials);
  });

  it('says when a link ran out, or was never one', async () => {
    let now = new Date('2026-06-01T12:00:00Z');
    const setup = createSetupLinks({ database, now: () => now });
    const made = (await setup.atStart({ mailReady: false }))!;
    expect(await setup.state(made.token)).toBe('valid');
    now = new Date(now.getTime() + 24 * 3600_000 + 1000);
    expect(await setup.state(made.token)).toBe('expired');
    expect(await setup.setPassword(made.token, password)).toEqual({ outcome: 'refused', state: 'expired' });
    expect(await stateOf('A'.repeat(43))).toBe('unknown');
    await database.db.delete(ownerSetupLinks);
  });

  it('e-mails a link once mail works, at most once a day, and never after a password is set', async () => {
    const setup = createSetupLinks({ database });
    expect((await setup.atStart({ mailReady: true }))?.emailed).toBe(true);
    expect((await setup.atStart({ mailReady: true }))?.emailed).toBe(false);
    const smtp = smtpServer();
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', logger: silentLogger });
    const settings = { from: 'Site <site@example.com>', siteUrl: base() };
    const sender = createSetupLinkMail({ database, mailer, settings, address: async () => 'owner@example.com' });
    const outbox = () =>
      createOutboxWorker({
        database,
        deliver: () => Promise.reject(new Error('none')),
        own: { deliver: sender.deliver, isPermanent: sender.isPermanent },
        logger: silentLogger,
      }).runOnce();
    await outbox();
    const [mail] = smtp.withSubject('Set the password of your Rim Country Carpentry inbox');
    expect(mail!.to).toMatchObject({ text: 'owner@example.com' });
    const link = /\/owner\/setup\/([A-Za-z0-9_-]{43})/.exec(mail!.text ?? '')![1]!;
    expect(await stateOf(link)).toBe('valid');

    // A password set meanwhile (the command) ends every link, and a pending e-mail is dropped.
    await database.db.delete(deliveries);
    await setup.atStart({ mailReady: true });
    await setOwnerPassword(database.transaction, password, quickPasswordHash);
    await outbox();
    expect(smtp.withSubject('Set the password of your Rim Country Carpentry inbox')).toHaveLength(1);
    expect(await stateOf(link)).toBe('used');
    mailer.close();
  });

  it('is never in a backup, and /owner without a password says where the link is', () => {
    expect(neverRestoredTables).toContain('owner_setup_links');
    expect(ownerPasswordTexts.noPasswordYet).toContain('/owner/setup/');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, ownerPasswordResets } from '../db/schema';
import { silentLogger } from '../logger';
import { createMailer } from '../services/alerts/mailer';
import { createOutboxWorker } from '../services/outbox/outbox-worker';
import { setOwnerPassword } from '../services/owner/owner-sessions';
import { ownMessageSenders } from '../services/outbox/own-messages';
import { createPasswordChangedMail } from '../services/owner/password-changed-mail';
import { createPasswordResetMail } from '../services/owner/password-reset-mail';
import { serveTestApp } from '../test/app-fixture';
import { testDatabases } from '../test/databases';
import { capturingLogger } from '../test/log';
import { quickPasswordHash, setupTimeout } from '../test/http';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp';
import { ownerPasswordTexts } from '@shared/owner-password-texts';
import { crossSiteMessage } from './owner';

const ownerEmail = 'owner@example.com';
const address = () => Promise.resolve(ownerEmail);
const json = { 'Content-Type': 'application/json' };
const oldPassword = 'ponderosa pine at noon';

describe.each(testDatabases)('Forgot the password? over HTTP on $kind', (testDb) => {
  const log = capturingLogger();
  const app = serveTestApp(testDb, {
    label: 'owner-reset',
    apps: [
      {
        passwordReset: { mail: { ready: true, address } },
        logger: log.logger,
        logRequests: true,
        // The owner app's page, as the static site serves it for every /owner path.
        site: (_req, res) => void res.type('html').send('<!doctype html><title>owner</title>'),
      },
      { passwordReset: { mail: { ready: false, address } } },
    ],
  });
  const { database } = app;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
  }, setupTimeout);
  afterAll(async () => {
    await smtp.close();
  });

  const base = () => app.servers[0]!.base;
  const post = (path: string, body?: unknown, origin: string | null = base(), at = base()) =>
    fetch(`${at}/api/owner/password-reset${path}`, {
      method: 'POST',
      headers: { ...(body ? json : {}), ...(origin ? { Origin: origin } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  /** Sends what the outbox holds through the SMTP server, as the server's worker does. */
  async function sendOutbox(): Promise<void> {
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', logger: silentLogger });
    const settings = { from: 'Site <s@example.com>', siteUrl: base() };
    await createOutboxWorker({
      database,
      deliver: () => Promise.reject(new Error('none')),
      own: ownMessageSenders({
        owner_password_reset: createPasswordResetMail({ database, mailer, settings, address }),
        owner_email_changed: { deliver: () => Promise.reject(new Error('none')) },
        owner_password_changed: createPasswordChangedMail({ mailer, settings, address }),
        owner_setup_link: { deliver: () => Promise.reject(new Error('none')) },
      }),
      logger: silentLogger,
    }).runOnce();
    mailer.close();
  }
  /** The newest link's token, once the outbox sent it. */
  async function sentToken(): Promise<string> {
    await sendOutbox();
    return /\/owner\/reset\/([\w-]{43})/.exec(smtp.received.at(-1)?.text ?? '')![1]!;
  }

  it('sends a link on a tap from the site itself, and tells the fourth tap in the hour when to come back', async () => {
    expect(await (await fetch(`${base()}/api/owner/password-reset`)).json()).toEqual({ available: true });
    const foreign = await post('', undefined, 'https://evil.example');
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ error: crossSiteMessage });
    expect((await post('', undefined, null)).status).toBe(403);

    for (let tap = 0; tap < 3; tap++) {
      const sent = await post('');
      expect(sent.status).toBe(202);
      // The answer names the address only masked, and never the link.
      expect(await sent.json()).toEqual({ sent: true, to: 'o•••@example.com' });
    }
    const refused = await post('');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(59 * 60);
    expect(await refused.json()).toEqual({
      error: expect.stringMatching(
        /^Three links were already sent from this device in the last hour\. You can ask again in/,
      ),
    });
    expect(await database.db.select().from(deliveries)).toHaveLength(3);
    await database.db.delete(ownerPasswordResets);
    await database.db.delete(deliveries);
  });

  it('says in plain words, without mail set up, that no link can be sent', async () => {
    const other = app.servers[1]!.base;
    expect(await (await fetch(`${other}/api/owner/password-reset`)).json()).toEqual({ available: false });
    const answer = await post('', undefined, other, other);
    expect(answer.status).toBe(503);
    expect(((await answer.json()) as { error: string }).error).toBe(ownerPasswordTexts.noMail);
  });

  it('sets the new password with the link once, and never logs its token', async () => {
    await setOwnerPassword(database.transaction, oldPassword, quickPasswordHash);
    expect((await post('')).status).toBe(202);
    const token = await sentToken();

    const page = await fetch(`${base()}/owner/reset/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('x-robots-tag')).toMatch(/noindex/);

    expect(await (await post('/check', { token })).json()).toEqual({ state: 'valid' });
    expect(await (await post('/check', { token: 'made-up' })).json()).toEqual({ state: 'unknown' });
    expect(await (await post('/check', 'not an object')).json()).toEqual({ state: 'unknown' });
    expect((await post('/check', { token }, 'https://evil.example')).status).toBe(403);

    const mismatch = await post('/password', { token, password: 'cedar ridge at dawn', repeat: 'cedar ridge' });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toEqual({ error: 'The two passwords are not the same.' });
    const weak = await post('/password', { token, password: 'short', repeat: 'short' });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toEqual({ error: 'The password must have at least 12 characters.' });

    const set = await post('/password', { token, password: 'cedar ridge at dawn', repeat: 'cedar ridge at dawn' });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ sessionsEnded: 0, devicesRemoved: 0 });
    // The device that set it is signed in: its new session opens the inbox.
    const cookies = set.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
    const session = cookies.find((cookie) => cookie.startsWith('rcc_owner='));
    expect(cookies.find((cookie) => cookie.startsWith('rcc_device='))).toMatch(/^rcc_device=[\w-]+\.[\w-]+$/);
    expect((await fetch(`${base()}/api/owner/requests`, { headers: { Cookie: session! } })).status).toBe(200);
    // And an e-mail tells him the password was changed, and when.
    await sendOutbox();
    const [notice, ...more] = smtp.withSubject('Your Rim Country Carpentry inbox password was changed');
    expect(more).toEqual([]);
    expect(notice!.to).toMatchObject({ text: ownerEmail });
    expect(notice!.text).toMatch(
      /^The password of your inbox was changed on .*\d{4}, \d{1,2}:\d\d [AP]M \(?Arizona time\)?, with a link from “Forgot the password\?”\./,
    );
    expect(notice!.text).toContain(`Not you? Open ${base()}/owner, tap “Forgot the password?”`);
    const signIn = (password: string) =>
      fetch(`${base()}/api/owner/session`, {
        method: 'POST',
        headers: { ...json, Origin: base() },
        body: JSON.stringify({ password }),
      });
    expect((await signIn(oldPassword)).status).toBe(401);
    expect((await signIn('cedar ridge at dawn')).status).toBe(200);

    const again = await post('/password', {
      token,
      password: 'another long password',
      repeat: 'another long password',
    });
    expect(again.status).toBe(410);
    expect(await again.json()).toEqual({ error: 'This link can no longer set a password.', state: 'used' });

    const logged = log.lines.join('\n');
    expect(logged).toContain('/owner/reset/…');
    expect(logged).toContain('owner password set with a reset link');
    expect(logged).not.toContain(token);
  });
});

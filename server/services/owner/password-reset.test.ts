import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deliveries, ownerPasswordResets, ownerSessions, pushSubscriptions, rateLimits } from '../../db/schema';
import { silentLogger } from '../../logger';
import { serveTestApp } from '../../test/app-fixture';
import { testDatabases } from '../../test/databases';
import { quickPasswordHash, setupTimeout } from '../../test/http';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { createMailer } from '../alerts/mailer';
import { createOutboxWorker } from '../outbox/outbox-worker';
import { createOwnerSessions, ownerPasswordHash, setOwnerPassword } from './owner-sessions';
import { createPasswordResetMail } from './password-reset-mail';
import { createPasswordResets, passwordResetMessages, waitText } from './password-reset';
import { createSignIn } from './sign-in';
import { verifyPassword } from './password-hash';

const minute = 60_000;
const hour = 60 * minute;
const ownerEmail = 'owner@example.com';
const oldPassword = 'ponderosa pine at noon';
const newPassword = 'juniper smoke at dusk';
const mail = { ready: true, address: () => Promise.resolve(ownerEmail) };

describe.each(testDatabases)('password reset links on $kind', (testDb) => {
  const fixture = serveTestApp(testDb, { label: 'reset' });
  const { database } = fixture;
  let smtp: TestSmtpServer;
  let clock = new Date('2026-06-01T15:00:00Z');
  const now = () => clock;
  const later = (ms: number) => (clock = new Date(clock.getTime() + ms));

  beforeAll(async () => {
    smtp = await startSmtpServer();
  }, setupTimeout);
  afterEach(async () => {
    await database.db.delete(ownerPasswordResets);
    await database.db.delete(deliveries);
    smtp.received.length = 0;
  });
  afterAll(async () => {
    await smtp.close();
  }, setupTimeout);

  const resets = (limits = {}) =>
    createPasswordResets({ database, mail, now, limits, hashSettings: quickPasswordHash });

  /** Sends what the outbox holds through a real SMTP server, as the server's worker does; the links that arrived. */
  async function sendLinks(): Promise<string[]> {
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: fixture.dir, logger: silentLogger });
    const worker = createOutboxWorker({
      database,
      deliver: () => Promise.reject(new Error('no request messages here')),
      own: createPasswordResetMail({
        database,
        mailer,
        settings: { from: 'Site <site@example.com>', siteUrl: 'https://www.example.com' },
        address: mail.address,
        now,
      }),
      logger: silentLogger,
    });
    await worker.runOnce();
    mailer.close();
    return smtp.received.map((message) => /\/owner\/reset\/([\w-]+)/.exec(message.text ?? '')?.[1] ?? '');
  }

  it('sends at most 3 links an hour from one device, and tells a further tap when it can ask again', async () => {
    clock = new Date('2026-06-01T15:00:00Z');
    const service = resets();
    for (const wait of [0, 10 * minute, 10 * minute]) {
      later(wait);
      expect(await service.request('203.0.113.5')).toEqual({ outcome: 'sent', to: 'o•••@example.com' });
    }
    later(10 * minute); // 30 minutes after the first
    const refused = await service.request('203.0.113.5');
    expect(refused).toEqual({
      outcome: 'limited',
      message: passwordResetMessages.perDevice(3, '30 minutes'),
      retryAfterSeconds: 30 * 60,
    });
    expect(refused.outcome === 'limited' && refused.message).toBe(
      'Three links were already sent from this device in the last hour. You can ask again in 30 minutes.',
    );
    // Another device is not held back by this one.
    expect(await service.request('198.51.100.7')).toEqual({ outcome: 'sent', to: 'o•••@example.com' });
    // An hour after the first link, one more may go.
    later(30 * minute);
    expect(await service.request('203.0.113.5')).toEqual({ outcome: 'sent', to: 'o•••@example.com' });
    expect((await service.request('203.0.113.5')).outcome).toBe('limited');
    expect(await database.db.select().from(ownerPasswordResets)).toHaveLength(5);
  });

  it('sends at most 10 links a day in all, whatever devices ask', async () => {
    clock = new Date('2026-06-02T08:00:00Z');
    const service = resets();
    for (let i = 0; i < 10; i++) {
      expect(await service.request(`192.0.2.${i}`)).toEqual({ outcome: 'sent', to: 'o•••@example.com' });
      later(hour);
    }
    // 18:00, ten hours after the first: the day is full until 08:00 tomorrow.
    const refused = await service.request('192.0.2.200');
    expect(refused).toMatchObject({ outcome: 'limited', retryAfterSeconds: 14 * 3600 });
    expect(refused.outcome === 'limited' && refused.message).toBe(
      'Ten links were already sent today. You can ask again in 14 hours.',
    );
    later(14 * hour + 1000);
    expect(await service.request('192.0.2.200')).toEqual({ outcome: 'sent', to: 'o•••@example.com' });
    expect((await service.request('192.0.2.201')).outcome).toBe('limited');
  });

  it('counts taps sent at the same moment, from two servers on the database, exactly', async () => {
    clock = new Date('2026-06-03T08:00:00Z');
    const [a, b] = [resets(), resets()];
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).request('203.0.113.9')));
    expect(answers.filter((answer) => answer.outcome === 'sent')).toHaveLength(3);
    expect(await database.db.select().from(deliveries)).toHaveLength(3);
  });

  it('counts a device that signed in before as itself, wherever it connects from', async () => {
    clock = new Date('2026-06-04T08:00:00Z');
    await setOwnerPassword(database.transaction, oldPassword, quickPasswordHash);
    const signIn = createSignIn({ database, sessions: createOwnerSessions(database.db) });
    const signed = await signIn.signIn(oldPassword, '192.0.2.1');
    const device = signed.outcome === 'signed-in' ? signed.device : '';
    expect(device).not.toBe('');
    const service = resets();
    for (const ip of ['192.0.2.1', '198.51.100.1', '203.0.113.1'])
      expect(await service.request(ip, device)).toEqual({ outcome: 'sent', to: 'o•••@example.com' });
    expect((await service.request('192.0.2.99', device)).outcome).toBe('limited');
    // The address it used is not held back by it; a cookie the site did not give counts as its address.
    expect(await service.request('192.0.2.1')).toEqual({ outcome: 'sent', to: 'o•••@example.com' });
    expect(await service.request('192.0.2.1', 'forged.cookie')).toEqual({ outcome: 'sent', to: 'o•••@example.com' });
    expect(await service.request('192.0.2.1', 'forged.cookie')).toEqual({ outcome: 'sent', to: 'o•••@example.com' });
    expect((await service.request('192.0.2.1')).outcome).toBe('limited');
  });

  it('writes nothing and says so in plain words when mail is not set up', async () => {
    const noMail = createPasswordResets({ database, mail: { ready: false, address: mail.address }, now });
    const noAddress = createPasswordResets({ database, mail: { ready: true, address: async () => null }, now });
    for (const service of [noMail, noAddress]) {
      expect(await service.available()).toBe(false);
      const answer = await service.request('203.0.113.5');
      expect(answer).toEqual({ outcome: 'no-mail', message: passwordResetMessages.noMail });
      expect(passwordResetMessages.noMail).toBe(
        'This site cannot send e-mail yet, so no link can be sent. Whoever set up the site for you can set a new password.',
      );
    }
    expect(await database.db.select().from(deliveries)).toHaveLength(0);
    expect(await resets().available()).toBe(true);
  });

  it('sets the new password once: every session and push device gone, lockouts cleared, the old password refused', async () => {
    clock = new Date();
    await setOwnerPassword(database.transaction, oldPassword, quickPasswordHash);
    const sessions = createOwnerSessions(database.db);
    const earlier = await sessions.create();
    await database.db
      .insert(pushSubscriptions)
      .values({ endpoint: 'https://fcm.googleapis.com/fcm/send/x1', p256dh: 'k', auth: 'a', label: 'Pixel' });
    // A stranger's wrong guesses locked sign-in on this address.
    const signIn = createSignIn({ database, sessions, limits: { perAddress: 2 } });
    for (let i = 0; i < 3; i++) await signIn.signIn('a wrong guess', '192.0.2.66');
    expect((await signIn.signIn(oldPassword, '192.0.2.66')).outcome).toBe('locked');

    const service = resets();
    await service.request('192.0.2.66');
    const [token] = await sendLinks();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(await service.state(token!)).toBe('valid');

    expect(await service.setPassword(token!, 'too short')).toEqual({
      outcome: 'weak',
      message: 'The password must have at least 12 characters.',
    });
    expect(await service.setPassword(token!, newPassword)).toEqual({
      outcome: 'set',
      sessionsEnded: 1,
      devicesRemoved: 1,
    });
    expect(await sessions.check(earlier.token)).toBeNull();
    // The owner is told at his address, by the outbox.
    expect(
      await database.db.select().from(deliveries).where(eq(deliveries.kind, 'owner_password_changed')),
    ).toHaveLength(1);
    expect(await database.db.select().from(ownerSessions)).toHaveLength(0);
    expect(await database.db.select().from(pushSubscriptions)).toHaveLength(0);
    expect(await database.db.select().from(rateLimits)).toHaveLength(0);
    const stored = (await ownerPasswordHash(database.db))!;
    expect(await verifyPassword(newPassword, stored)).toBe(true);
    expect(await verifyPassword(oldPassword, stored)).toBe(false);
    // The lockout is gone: the new password signs in from that address at once.
    expect((await signIn.signIn(newPassword, '192.0.2.66')).outcome).toBe('signed-in');

    expect(await service.state(token!)).toBe('used');
    expect(await service.setPassword(token!, 'yet another long password')).toEqual({
      outcome: 'refused',
      state: 'used',
    });
    expect(await verifyPassword(newPassword, (await ownerPasswordHash(database.db))!)).toBe(true);
  });

  it('refuses a link after 30 minutes, a made-up one, and those a newer password withdrew', async () => {
    clock = new Date();
    const service = resets();
    await service.request('203.0.113.20');
    await service.request('203.0.113.21');
    const [first, second] = await sendLinks();
    expect(await service.state('A'.repeat(43))).toBe('unknown');
    expect(await service.setPassword('A'.repeat(43), newPassword)).toEqual({ outcome: 'refused', state: 'unknown' });

    expect((await service.setPassword(first!, newPassword)).outcome).toBe('set');
    // The other link, asked for before, can no longer set one.
    expect(await service.state(second!)).toBe('used');

    await service.request('203.0.113.22');
    smtp.received.length = 0;
    const [third] = await sendLinks();
    later(29 * minute);
    expect(await service.state(third!)).toBe('valid');
    later(1 * minute);
    expect(await service.state(third!)).toBe('expired');
    expect(await service.setPassword(third!, 'a password never set')).toEqual({
      outcome: 'refused',
      state: 'expired',
    });
  });

  it('lets one of two tabs that send the same link at once set the password', async () => {
    clock = new Date();
    const service = resets();
    await service.request('203.0.113.30');
    const [token] = await sendLinks();
    const answers = await Promise.all([
      service.setPassword(token!, 'first tab password'),
      service.setPassword(token!, 'second tab password'),
    ]);
    expect(answers.map((answer) => answer.outcome).sort()).toEqual(['refused', 'set']);
    const winner = answers[0]!.outcome === 'set' ? 'first tab password' : 'second tab password';
    expect(await verifyPassword(winner, (await ownerPasswordHash(database.db))!)).toBe(true);
  });
});

describe('how long a further tap is told to wait', () => {
  it('reads as minutes, then hours and minutes', () => {
    expect(waitText(1)).toBe('1 minute');
    expect(waitText(30 * 60)).toBe('30 minutes');
    expect(waitText(3600)).toBe('1 hour');
    expect(waitText(5 * 3600 + 61)).toBe('5 hours and 2 minutes');
  });
});

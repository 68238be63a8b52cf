import { Agent } from 'node:https';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spamSignals } from '@shared/schemas/spam-signals';
import { createApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { deliveries, pushSubscriptions } from '../../db/schema';
import { silentLogger } from '../../logger';
import { testDatabases } from '../../test/databases';
import { listen, localTestStorage, setupTimeout, tempDir, testOrigins, validQuote } from '../../test/http';
import { startPushService, type TestPushService } from '../../test/push-service';
import { createOutboxWorker, type OutboxWorker } from '../outbox/outbox-worker';
import { createPushDevices } from './devices';
import { createPushDispatch } from './push-dispatch';
import { loadVapidKeys, vapidKeysLoader } from './vapid-keys';

/** Waits for `check` to hold, polling; fails with the last value after `timeoutMs`. */
async function eventually<T>(read: () => Promise<T> | T, check: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`Condition not met in time; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(testDatabases)('pushes to the owner’s phone on $kind', (testDb) => {
  let database: DatabaseHandle;
  let pushService: TestPushService;
  let outbox: OutboxWorker;
  let site: Awaited<ReturnType<typeof listen>>;
  let uploads: Awaited<ReturnType<typeof tempDir>>;

  beforeAll(async () => {
    database = await testDb.open();
    pushService = await startPushService();
    uploads = await tempDir('push');
    const push = createPushDispatch({
      database,
      keys: vapidKeysLoader(database),
      subject: 'mailto:owner@example.com',
      agent: new Agent({ ca: pushService.ca }),
      timeoutMs: 3_000,
      // The test's own push service, on loopback.
      pushServiceHosts: ['127.0.0.1'],
    });
    outbox = createOutboxWorker({
      database,
      deliver: push.deliver,
      isPermanent: push.isPermanent,
      logger: silentLogger,
      retryBaseMs: 200,
      maxDelayMs: 400,
      pollMs: 100,
    });
    const storage = await localTestStorage(uploads.dir);
    site = await listen((base) =>
      createApp({
        database,
        storage,
        origins: testOrigins(base),
        deliveryKinds: ['owner_push'],
        onQuoteStored: () => outbox.wake(),
      }),
    );
    outbox.start();
  }, setupTimeout);

  afterAll(async () => {
    await outbox.stop(5_000);
    await site.close();
    await pushService.close();
    await database.close();
    await testDb.cleanup();
    await uploads.remove();
  }, setupTimeout);

  const sendQuote = async (
    fields: Partial<Record<keyof typeof validQuote, string>>,
    headers: Record<string, string> = {},
  ) => {
    const response = await fetch(`${site.base}/api/quote-requests`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ ...validQuote, ...fields }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const pushesFor = (id: string) => pushService.received.filter((push) => push.payload.url === `/owner/requests/${id}`);
  const deliveriesOf = (id: string) => database.db.select().from(deliveries).where(eq(deliveries.quoteRequestId, id));

  it('sends a new request to every device within seconds, encrypted and signed, with project, city and name only', async () => {
    const devices = createPushDevices(database);
    const phone = await devices.add(
      pushService.subscribe(),
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Safari/604.1',
    );
    const laptop = await devices.add(
      pushService.subscribe(),
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Chrome/131.0',
    );
    const id = await sendQuote({ name: 'Dana Smith', projectType: 'Deck', city: 'Pine' });

    const pushes = await eventually(
      () => pushesFor(id),
      (found) => found.length === 2,
    );
    expect(pushService.refused).toEqual([]);
    for (const push of pushes) {
      expect(push.payload).toEqual({
        title: 'Deck in Pine — Dana Smith',
        body: 'New quote request. Tap to open it.',
        url: `/owner/requests/${id}`,
        tag: `request-${id}`,
      });
      expect(push.vapidKey).toBe((await loadVapidKeys(database)).publicKey);
      expect(push.headers.urgency).toBe('high');
      expect(push.headers.topic).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(new Set(pushes.map((push) => push.subscriptionId)).size).toBe(2);
    // No phone number, e-mail or message travels in the push.
    expect(JSON.stringify(pushes)).not.toContain(validQuote.phone);
    expect(JSON.stringify(pushes)).not.toContain(validQuote.email);

    const sent = await eventually(
      () => deliveriesOf(id),
      (rows) => rows.every((row) => row.status === 'sent'),
    );
    expect(sent.map((row) => row.deviceLabel).sort()).toEqual([laptop.label, phone.label].sort());
    // Each device's push has its own topic: one cannot replace the other at the push service.
    expect(new Set(pushes.map((push) => push.headers.topic)).size).toBe(2);
    expect(phone.label).toBe('iPhone · Safari');
    await devices.remove(laptop.id);
  });

  it('sends nothing for a request screened as spam', async () => {
    const id = await sendQuote({ name: 'Spam Bot' }, { [spamSignals.honeypotHeader]: 'https://spam.example' });
    await outbox.runOnce();
    expect(await deliveriesOf(id)).toEqual([]);
    expect(pushesFor(id)).toEqual([]);
  });

  it('removes a device whose subscription the push service says is gone (410)', async () => {
    const devices = createPushDevices(database);
    const subscription = pushService.subscribe();
    const gone = await devices.add(subscription, 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile');
    pushService.answerWith(subscription.endpoint, 410);
    const id = await sendQuote({ name: 'Gone Device' });

    const rows = await eventually(
      () => deliveriesOf(id),
      (found) => found.some((row) => row.deviceLabel === gone.label && row.status === 'failed'),
    );
    const failed = rows.find((row) => row.deviceLabel === gone.label)!;
    expect(failed.lastError).toMatch(/410/);
    expect(failed.attempts).toBe(1);
    const left = await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, gone.id));
    expect(left).toEqual([]);
  });

  it('sends nothing to a device stored with an endpoint off the push services, and removes it', async () => {
    const devices = createPushDevices(database);
    // Stored before endpoints were checked: the same push service, reached as localhost, is not listed.
    const subscription = pushService.subscribe();
    const inside = await devices.add(
      { ...subscription, endpoint: subscription.endpoint.replace('127.0.0.1', 'localhost') },
      'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile',
    );
    const id = await sendQuote({ name: 'Port Probe' });

    const rows = await eventually(
      () => deliveriesOf(id),
      (found) => found.some((row) => row.deviceLabel === inside.label && row.status === 'failed'),
    );
    expect(rows.find((row) => row.deviceLabel === inside.label)!.lastError).toMatch(/not a browser’s push service/);
    expect(
      pushService.received.filter((push) => push.subscriptionId === subscription.endpoint.split('/').pop()),
    ).toEqual([]);
    const left = await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, inside.id));
    expect(left).toEqual([]);
  });

  it('delivers exactly once when the push service is down, then back', async () => {
    await pushService.stop();
    const id = await sendQuote({ name: 'Patient Homeowner' });
    const waiting = await eventually(
      () => deliveriesOf(id),
      (rows) => rows.length > 0 && rows.every((row) => row.status === 'pending' && row.attempts >= 2),
    );
    expect(waiting[0]!.lastError).toMatch(/could not be reached: ECONNREFUSED/);

    await pushService.start();
    await eventually(
      () => deliveriesOf(id),
      (rows) => rows.every((row) => row.status === 'sent'),
    );
    await outbox.runOnce();
    expect(pushesFor(id)).toHaveLength((await deliveriesOf(id)).length);
    expect(pushesFor(id)).toHaveLength(1);
  });
});

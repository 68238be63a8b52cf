import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { InboxList, RequestDetail } from '@shared/schemas/owner-inbox';
import type { PushDevice } from '@shared/schemas/owner-push';
import { testDatabases } from '../test/databases';
import { serveTestApp } from '../test/app-fixture';
import { validQuote } from '../test/http';
import { jsonHeaders, signedInOwner } from '../test/owner-session';
import { crossSiteMessage } from './owner';

/** A subscription as a browser's PushSubscription.toJSON() gives it. */
function browserSubscription(endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

describe.each(testDatabases)('the owner’s push and speed-to-lead API on $kind', (testDb) => {
  const app = serveTestApp(testDb, { label: 'owner-push', apps: [{}] });
  const site = app.servers[0]!;
  const { call } = signedInOwner(app);
  const subscribe = (body: unknown, init: Parameters<typeof call>[1] = {}) =>
    call('/push/subscriptions', {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'User-Agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0 Mobile Safari/537.36' },
      ...init,
    });

  it('refuses every push route without a session (401)', async () => {
    for (const [method, path, body] of [
      ['GET', '/push/key'],
      ['GET', '/push/subscriptions'],
      ['POST', '/push/subscriptions', browserSubscription()],
      ['DELETE', '/push/subscriptions/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await call(path, { method, signedIn: false, body: body && JSON.stringify(body) });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(await response.json()).toEqual({ error: 'Please sign in.' });
    }
  });

  it('hands out the VAPID public key: an uncompressed P-256 point, the same every time', async () => {
    const first = (await (await call('/push/key')).json()) as { publicKey: string };
    const key = Buffer.from(first.publicKey, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await (await call('/push/key')).json()).toEqual(first);
  });

  it('refuses a subscription from another site (403)', async () => {
    const response = await subscribe(browserSubscription(), { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: crossSiteMessage });
  });

  it('refuses garbage with a clear 400', async () => {
    const good = browserSubscription();
    const cases: [unknown, RegExp][] = [
      [[1, 2], /JSON object/],
      [{}, /endpoint is missing/],
      [{ ...good, endpoint: 'http://push.example/x' }, /endpoint must be an https:\/\/ URL/],
      [{ ...good, endpoint: 'not a url' }, /endpoint must be an https:\/\/ URL/],
      [{ endpoint: good.endpoint }, /keys is missing/],
      [{ ...good, keys: { ...good.keys, p256dh: 'abc' } }, /keys.p256dh must be 65 bytes/],
      [{ ...good, keys: { ...good.keys, auth: '***' } }, /keys.auth must be base64url/],
    ];
    for (const [body, message] of cases) {
      const response = await subscribe(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(message);
    }
    const notJson = await subscribe('{"endpoint":');
    expect(notJson.status).toBe(400);
  });

  it('refuses an endpoint that is not a browser’s push service, so the server never connects inside its network', async () => {
    const good = browserSubscription();
    for (const endpoint of [
      'https://127.0.0.1:5432/',
      'https://[::1]:8443/push',
      'https://192.168.1.1/',
      'https://169.254.169.254/latest/meta-data/',
      'https://localhost/push',
      'https://push.evil.example/send/1',
      'https://fcm.googleapis.com.evil.example/fcm/send/1',
    ]) {
      const response = await subscribe({ ...good, endpoint });
      expect(response.status, endpoint).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/push service/);
    }
    const list = (await (await call('/push/subscriptions')).json()) as { devices: PushDevice[] };
    expect(list.devices.map((device) => device.endpoint).filter((e) => !e.startsWith('https://fcm.'))).toEqual([]);
  });

  it('adds a device (201), lists it by name, renews it, and removes it', async () => {
    const subscription = browserSubscription();
    const created = await subscribe(subscription);
    expect(created.status).toBe(201);
    const device = (await created.json()) as PushDevice;
    expect(device).toMatchObject({ label: 'Android · Chrome', endpoint: subscription.endpoint });

    const again = await subscribe({ ...subscription, keys: browserSubscription().keys });
    expect(again.status).toBe(201);
    expect(((await again.json()) as PushDevice).id).toBe(device.id);

    const list = (await (await call('/push/subscriptions')).json()) as { devices: PushDevice[] };
    expect(list.devices.filter((d) => d.endpoint === subscription.endpoint)).toHaveLength(1);

    expect(
      (await call(`/push/subscriptions/${device.id}`, { method: 'DELETE', origin: 'https://evil.example' })).status,
    ).toBe(403);
    expect((await call(`/push/subscriptions/${device.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(`/push/subscriptions/${device.id}`, { method: 'DELETE' })).status).toBe(404);
    const after = (await (await call('/push/subscriptions')).json()) as { devices: PushDevice[] };
    expect(after.devices.some((d) => d.id === device.id)).toBe(false);
  });

  it('records the first answer from a tap, with undo, and counts it in the speed-to-lead summary', async () => {
    const quote = await fetch(`${site.base}/api/quote-requests`, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify(validQuote),
    });
    const { id } = (await quote.json()) as { id: string };
    const tap = (via: string) => call(`/requests/${id}/answer`, { method: 'POST', body: JSON.stringify({ via }) });

    expect((await tap('fax')).status).toBe(400);
    const first = await tap('call');
    expect(first.status).toBe(200);
    const recorded = (await first.json()) as { recorded: boolean; firstAnsweredAt: string };
    expect(recorded.recorded).toBe(true);
    expect(((await (await tap('text')).json()) as { recorded: boolean }).recorded).toBe(false);

    let detail = (await (await call(`/requests/${id}`)).json()) as RequestDetail;
    expect(detail.firstAnsweredAt).toBe(recorded.firstAnsweredAt);
    expect(detail.firstAnsweredVia).toBe('call');
    let list = (await (await call('/requests?status=all')).json()) as InboxList;
    expect(list.speed.answered).toBeGreaterThanOrEqual(1);
    expect(list.speed.withinHour.answered).toBeGreaterThanOrEqual(1);
    expect(list.speed.medianMinutes).toBe(0);

    expect((await call(`/requests/${id}/answer`, { method: 'DELETE' })).status).toBe(204);
    detail = (await (await call(`/requests/${id}`)).json()) as RequestDetail;
    expect(detail.firstAnsweredAt).toBeNull();
    expect((await call(`/requests/${id}/answer`, { method: 'DELETE' })).status).toBe(404);

    // Contacted answers it too, and an undo does not take that back.
    await call(`/requests/${id}`, { method: 'PATCH', body: JSON.stringify({ status: 'contacted' }) });
    expect((await call(`/requests/${id}/answer`, { method: 'DELETE' })).status).toBe(404);
    detail = (await (await call(`/requests/${id}`)).json()) as RequestDetail;
    expect(detail.firstAnsweredVia).toBe('status');
    list = (await (await call('/requests?status=all')).json()) as InboxList;
    expect(list.items.find((item) => item.id === id)?.firstAnsweredAt).toBe(detail.firstAnsweredAt);
  });
});

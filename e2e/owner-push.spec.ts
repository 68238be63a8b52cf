import { createECDH, randomBytes } from 'node:crypto';
import { expect, test, type Worker } from '@playwright/test';
import { spamSignals } from '../shared/schemas/spam-signals';
import { pushNotification } from '../server/services/push/notification';
import { expectNoAxeViolations } from './axe';
import { findFullChromium, journeyChromeArgs } from './chromium';
import { signInOwner, postQuoteRequest } from './own-server';
import { withJourneyServer } from './journey-server';

/**
 * The inbox on the owner's phone: its service worker shows the push the server sends for a new
 * request, a tap on the notification opens that request, the devices that get notifications are
 * listed and removable, and a tap on Text is recorded as the first answer (with undo).
 * Chromium cannot subscribe without Google's push service, so the push is handed to the service
 * worker through the DevTools protocol, with the payload the server builds.
 */
const password = 'tonto creek in october';

// The headless shell the other journeys run in shows no notifications: this file runs in the full browser.
test.use({ launchOptions: { executablePath: findFullChromium(), args: journeyChromeArgs } });

type ShownNotification = { title: string; body: string; tag: string; data: { url: string } };

test('a push shows a notification whose tap opens the request; devices and answers are kept @mobile', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  await withJourneyServer('owner-push', { password }, async ({ base }) => {
    const name = `Dana Smith ${randomBytes(2).toString('hex')}`;
    const id = await postQuoteRequest(base, { name }, { [spamSignals.fillTimeHeader]: '30000' });

    await context.grantPermissions(['notifications'], { origin: base });
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');

    await signInOwner(page, `${base}/owner`, password);
    const list = page.getByRole('list', { name: 'Quote requests' });
    await expect(list).toBeVisible({ timeout: 30_000 });
    const card = list.getByRole('listitem').filter({ hasText: name });
    await expect(card).toContainText(/Waiting (under a minute|\d+ min)/);
    await expect(page.getByRole('region', { name: /First answer, last 30 days/ })).toContainText('In 1 h');

    // The inbox's service worker, scoped to /owner, controls the page.
    // Registered once the app has started, then installed and claiming the page: on a busy machine
    // longer than the 15 s a check waits by default, as the sign-in above is.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''), { timeout: 30_000 })
      .toMatch(/\/owner-sw\.js$/);
    const registration = registrations.find((r) => r.scopeURL === `${base}/owner` && !r.isDeleted);
    expect(registration, JSON.stringify(registrations)).toBeTruthy();
    const worker: Worker =
      context.serviceWorkers().find((w) => w.url().endsWith('/owner-sw.js')) ??
      (await context.waitForEvent('serviceworker'));

    const payload = pushNotification({ id, name, projectType: 'Deck', city: 'Pine' }, null);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: base,
      registrationId: registration!.registrationId,
      data: JSON.stringify(payload),
    });
    const shown = () =>
      worker.evaluate(async () =>
        (await (self as unknown as { registration: ServiceWorkerRegistration }).registration.getNotifications()).map(
          (n) => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
            data: n.data as { url: string },
          }),
        ),
      ) as Promise<ShownNotification[]>;
    await expect.poll(shown).toHaveLength(1);
    const [notification] = await shown();
    expect(notification).toEqual({
      title: `Deck in Pine — ${name}`,
      body: 'New quote request. Tap to open it.',
      tag: `request-${id}`,
      data: { url: `${base}/owner/requests/${id}` },
    });

    // A tap: the worker's click handler opens the request in the inbox window already open.
    await worker.evaluate(async () => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        openRequest: (url: string) => Promise<unknown>;
      };
      const [tapped] = await scope.registration.getNotifications();
      tapped!.close();
      await scope.openRequest((tapped!.data as { url: string }).url);
    });
    await expect(page).toHaveURL(`${base}/owner/requests/${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect.poll(shown).toHaveLength(0);

    // Text opens the messaging app with the message written, and counts as the first answer.
    const text = page.getByRole('link', { name: 'Text', exact: true });
    const smsHref = await text.getAttribute('href');
    expect(smsHref).toMatch(/^sms:\+19285550188\?&body=/);
    expect(decodeURIComponent(smsHref!.split('body=')[1]!)).toMatch(
      /^Hi Dana, this is .+ with Rim Country Carpentry about your deck request in Pine\. When would be a good time for me to come by/,
    );
    // The test stays on the page instead of handing sms: to the system.
    await page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault()));
    await text.click();
    await expect(page.getByText(/First answered by tapping Text, under a minute after it came in/)).toBeVisible();
    await page.reload();
    await expect(page.getByText(/First answered by tapping Text/)).toBeVisible();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Not answered yet', { exact: false })).toBeVisible();
    await page.reload();
    await expect(page.getByText('Not answered yet', { exact: false })).toBeVisible();

    // The devices that get notifications: listed by name, each removable.
    await page.getByRole('link', { name: 'Quote requests', exact: true }).click();
    const devices = page.getByRole('list', { name: 'Devices that get notifications' });
    await expect(page.getByRole('button', { name: 'Notify me on this phone' })).toBeVisible();
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const added = await page.request.post(`${base}/api/owner/push/subscriptions`, {
      headers: {
        Origin: base,
        'User-Agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1',
      },
      data: {
        endpoint: `https://web.push.apple.com/${randomBytes(12).toString('base64url')}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
      },
    });
    expect(added.status()).toBe(201);
    await page.reload();
    await expect(devices.getByRole('listitem')).toHaveText([/iPhone · Safari/]);
    await expectNoAxeViolations(page);
    await devices.getByRole('button', { name: 'Remove iPhone · Safari' }).click();
    await expect(page.getByText('None yet.')).toBeVisible();
    await page.reload();
    await expect(page.getByText('None yet.')).toBeVisible();
  });
});

test('the inbox is an installable app of its own; public pages get no service worker @desktop', async ({
  page,
  request,
}) => {
  const manifest = (await (await request.get('/owner.webmanifest')).json()) as Record<string, unknown>;
  expect(manifest).toMatchObject({ start_url: '/owner', scope: '/owner', display: 'standalone' });
  expect((await request.get('/owner-sw.js')).headers()['content-type']).toMatch(/javascript/);

  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length))).toBe(0);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/site.webmanifest');

  await page.goto('/owner');
  // The owner app's first page (this server has no owner password yet: it says where the set-up link is).
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/owner.webmanifest');
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration('/owner').then((r) => r?.scope ?? '')))
    .toMatch(/\/owner$/);
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageViewSchema } from '@shared/schemas/visitors';

/** The beacons the page sent, as the server reads them. */
let sent: { url: string; body: Record<string, unknown> }[] = [];

async function landOn(address: string, referrer = '', privacy: { dnt?: string; gpc?: boolean } = {}) {
  vi.resetModules();
  history.replaceState(null, '', address);
  vi.spyOn(document, 'referrer', 'get').mockReturnValue(referrer);
  Object.defineProperty(navigator, 'doNotTrack', { value: privacy.dnt ?? null, configurable: true });
  Object.defineProperty(navigator, 'globalPrivacyControl', { value: privacy.gpc, configurable: true });
  return import('./page-views');
}

beforeEach(() => {
  sent = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: string) => {
      sent.push({ url, body: JSON.parse(body) as Record<string, unknown> });
      return true;
    },
  });
});
afterEach(() => vi.restoreAllMocks());

describe('countPageView: a beacon per page shown', () => {
  it('sends the first page with the site before and its campaign tags, then each new page with its path alone', async () => {
    const { countPageView } = await landOn(
      '/services/decks?utm_source=facebook&utm_campaign=fall&fbclid=IwAR0_test_click&email=dana@example.com',
      'https://m.facebook.com/some/post?id=1',
    );
    countPageView();
    countPageView(); // the same page again: not another view
    countPageView('/gallery');
    countPageView('/gallery');
    countPageView('/services/decks');
    expect(sent.map((beacon) => beacon.url)).toEqual(['/api/views', '/api/views', '/api/views']);
    expect(sent.map((beacon) => beacon.body)).toEqual([
      {
        path: '/services/decks',
        referrer: 'm.facebook.com',
        utm_source: 'facebook',
        utm_campaign: 'fall',
        fbclid: 'IwAR0_test_click',
      },
      { path: '/gallery' },
      { path: '/services/decks' },
    ]);
    // What it sends is what the server takes, and nothing else (no e-mail from the address).
    for (const { body } of sent) expect(pageViewSchema.safeParse(body).success).toBe(true);
  });

  it('sends nothing from a browser with Do Not Track or Global Privacy Control on', async () => {
    (await landOn('/', '', { dnt: '1' })).countPageView();
    (await landOn('/', '', { gpc: true })).countPageView();
    expect(sent).toEqual([]);
    (await landOn('/', '', { dnt: '0', gpc: false })).countPageView();
    expect(sent).toHaveLength(1);
  });
});

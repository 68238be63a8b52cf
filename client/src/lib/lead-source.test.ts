// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leadSourceSchema } from '@shared/schemas/lead-source';
import { leadSourceStorageKey, readLeadSource, recordArrival, startLeadSource } from './lead-source';

const day = 24 * 3600_000;
const start = Date.UTC(2026, 2, 1);
const site = 'https://www.example.com';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('recordArrival: first touch and last touch in this browser', () => {
  it('keeps the first arrival, and replaces the last one only with an arrival that says where it came from', () => {
    recordArrival(`${site}/?utm_source=google&utm_medium=cpc&utm_campaign=spring-decks&gclid=Cj0KCQ_test1`, '', start);
    const first = readLeadSource(start + 1)?.first;
    expect(first).toMatchObject({ utm_source: 'google', utm_campaign: 'spring-decks', gclid: 'Cj0KCQ_test1' });

    // Reading more pages of the site, coming back by typing the address: nothing changes.
    recordArrival(`${site}/services/decks`, `${site}/`, start + day);
    recordArrival(`${site}/contact`, '', start + 2 * day);
    expect(readLeadSource(start + 2 * day)).toEqual({ first });

    // A later arrival from a Google search becomes the last touch; the first stays.
    recordArrival(`${site}/gallery`, 'https://www.google.com/', start + 10 * day);
    const afterSearch = readLeadSource(start + 10 * day);
    expect(afterSearch).toEqual({
      first,
      last: { at: start + 10 * day, landingPage: '/gallery', referrer: 'www.google.com' },
    });
    // Whatever is kept passes the server's schema.
    expect(leadSourceSchema.safeParse(afterSearch).success).toBe(true);

    // A reload of that page keeps the time of the arrival.
    recordArrival(`${site}/gallery`, 'https://www.google.com/', start + 10 * day + 5000);
    expect(readLeadSource(start + 10 * day + 5000)?.last?.at).toBe(start + 10 * day);
  });

  it('drops touches older than 90 days: a fresh last touch becomes the first', () => {
    recordArrival(`${site}/?utm_source=facebook`, '', start);
    recordArrival(`${site}/`, 'https://www.bing.com/', start + 60 * day);
    expect(readLeadSource(start + 89 * day)?.first.utm_source).toBe('facebook');
    expect(readLeadSource(start + 91 * day)).toEqual({
      first: { at: start + 60 * day, landingPage: '/', referrer: 'www.bing.com' },
    });
    expect(readLeadSource(start + 151 * day)).toBeUndefined();
    expect(localStorage.getItem(leadSourceStorageKey)).toBeNull();
    // The next arrival starts afresh.
    recordArrival(`${site}/about`, '', start + 152 * day);
    expect(readLeadSource(start + 152 * day)).toEqual({ first: { at: start + 152 * day, landingPage: '/about' } });
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem(leadSourceStorageKey, '{not json');
    expect(readLeadSource()).toBeUndefined();
    localStorage.setItem(leadSourceStorageKey, JSON.stringify({ first: { at: 'yesterday' } }));
    expect(readLeadSource()).toBeUndefined();
  });
});

describe('startLeadSource: taps and plain form posts', () => {
  it('sends a beacon for a tap on a call or text link, fills the plain form’s field as it is sent', () => {
    const sendBeacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    localStorage.setItem(
      leadSourceStorageKey,
      JSON.stringify({ first: { at: Date.now() - day, landingPage: '/?utm_source=gbp', utm_source: 'gbp' } }),
    );
    document.body.innerHTML = `
      <a href="tel:+19285550100"><span>Call</span></a>
      <a href="sms:+19285550100">Text</a>
      <a href="/gallery">Gallery</a>
      <form data-lead-source><input type="hidden" name="leadSource" value=""><button>Send</button></form>`;
    startLeadSource();
    // The page stays (jsdom cannot follow links); the capture listener has seen each tap by then.
    document.addEventListener('click', (event) => event.preventDefault());
    document.querySelector('span')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    (document.querySelector('a[href^="sms:"]') as HTMLElement).click();
    (document.querySelector('a[href="/gallery"]') as HTMLElement).click();
    expect(sendBeacon).toHaveBeenCalledTimes(2);
    const bodies = (sendBeacon.mock.calls as unknown as [string, string][]).map(([url, body]) => [
      url,
      JSON.parse(body),
    ]);
    expect(bodies[0]).toEqual([
      '/api/contact-taps',
      { kind: 'call', page: '/', source: expect.objectContaining({ utm_source: 'gbp' }) },
    ]);
    expect(bodies[1]![1]).toMatchObject({ kind: 'text' });

    const form = document.querySelector('form')!;
    form.addEventListener('submit', (event) => event.preventDefault());
    form.requestSubmit();
    const field = form.elements.namedItem('leadSource') as HTMLInputElement;
    expect(JSON.parse(field.value)).toMatchObject({ first: { utm_source: 'gbp' } });
  });
});

import { describe, expect, it } from 'vitest';
import {
  contactTapSchema,
  isCampaignTouch,
  leadSourceSchema,
  tapSource,
  touchFromUrls,
  touchSchema,
} from './lead-source';

const at = Date.UTC(2026, 10, 1);

describe('touchFromUrls: what one arrival records', () => {
  it('keeps the path, the campaign tags and the click ids, and drops every other parameter', () => {
    const touch = touchFromUrls(
      'https://www.example.com/services/decks?utm_source=google&utm_medium=cpc&utm_campaign=spring-decks&gclid=Cj0KCQ_abc&email=jane%40example.com#top',
      'https://www.google.com/search?q=deck+builder+payson',
      at,
    );
    expect(touch).toEqual({
      at,
      landingPage: '/services/decks?utm_source=google&utm_medium=cpc&utm_campaign=spring-decks',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'spring-decks',
      gclid: 'Cj0KCQ_abc',
      referrer: 'www.google.com',
    });
    expect(touchSchema.safeParse(touch).success).toBe(true);
  });

  it('keeps only the host of the referrer, and none when it is the site itself or not a web page', () => {
    expect(touchFromUrls('https://www.example.com/', 'https://www.example.com/gallery', at)).toEqual({
      at,
      landingPage: '/',
    });
    expect(touchFromUrls('https://www.example.com/', 'android-app://com.google.android.gm/', at)).toEqual({
      at,
      landingPage: '/',
    });
    expect(touchFromUrls('https://www.example.com/about', 'https://L.Facebook.com/l.php?u=x', at).referrer).toBe(
      'l.facebook.com',
    );
  });

  it('leaves out each value the schema would refuse, and keeps the rest', () => {
    const hostile = new URL('https://www.example.com/contact');
    hostile.searchParams.set('utm_source', 'facebook');
    hostile.searchParams.set('utm_campaign', '<script>alert(1)</script>');
    hostile.searchParams.set('utm_term', 'x'.repeat(10_240));
    hostile.searchParams.set('utm_content', 'bidi\u202eevil');
    hostile.searchParams.set('gclid', 'javascript:alert(1)');
    hostile.searchParams.set('fbclid', 'IwAR2abcdefgh');
    const touch = touchFromUrls(hostile.href, 'https://<evil>/', at);
    expect(touch).toEqual({
      at,
      landingPage: '/contact?utm_source=facebook',
      utm_source: 'facebook',
      fbclid: 'IwAR2abcdefgh',
    });
    expect(touchSchema.safeParse(touch).success).toBe(true);
    const control = touchFromUrls('https://www.example.com/?utm_term=a%00b&utm_medium=%E2%80%AEx', undefined, at);
    expect(control).toEqual({ at, landingPage: '/' });
    const longPath = touchFromUrls(`https://www.example.com/${'a'.repeat(3000)}`, undefined, at);
    expect(longPath).toEqual({ at });
  });

  it('says whether an arrival is worth replacing the last touch with', () => {
    expect(isCampaignTouch({ at, landingPage: '/' })).toBe(false);
    expect(isCampaignTouch({ at, referrer: 'www.google.com' })).toBe(true);
    expect(isCampaignTouch({ at, utm_campaign: 'spring' })).toBe(true);
    expect(isCampaignTouch({ at, fbclid: 'IwAR2abcdefgh' })).toBe(true);
  });
});

describe('leadSourceSchema', () => {
  const valid = { first: { at, landingPage: '/?utm_source=google', utm_source: 'google' } };

  it('accepts what the capture script records', () => {
    expect(leadSourceSchema.parse({ ...valid, last: { at, referrer: 'www.bing.com' } })).toEqual({
      ...valid,
      last: { at, referrer: 'www.bing.com' },
    });
  });

  it.each([
    ['a UTM value over 200 characters', { first: { at, utm_campaign: 'x'.repeat(201) } }],
    ['a 10 KB UTM value', { first: { at, utm_source: 'g'.repeat(10_240) } }],
    ['a landing page over 2048 characters', { first: { at, landingPage: `/${'a'.repeat(2048)}` } }],
    ['a landing page on another site', { first: { at, landingPage: '//evil.example/x' } }],
    ['a landing page that is a full URL', { first: { at, landingPage: 'https://evil.example/' } }],
    ['markup in a UTM value', { first: { at, utm_campaign: '<script>alert(1)</script>' } }],
    ['a lone angle bracket', { first: { at, utm_content: 'a > b' } }],
    ['markup in the landing page', { first: { at, landingPage: '/<img src=x onerror=alert(1)>' } }],
    ['a control character', { first: { at, utm_term: 'deck\u0000builder' } }],
    ['a bidi override', { first: { at, utm_term: 'deck\u202ebuilder' } }],
    ['a fake click id', { first: { at, gclid: 'javascript:alert(1)' } }],
    ['a click id too short to be one', { first: { at, fbclid: 'x' } }],
    ['a referrer that is a URL, not a host', { first: { at, referrer: 'https://www.google.com/' } }],
    ['a referrer with markup', { first: { at, referrer: '<b>.com' } }],
    ['no time of arrival', { first: { landingPage: '/' } }],
    ['an arrival time no date can hold', { first: { at: 8_640_000_000_000_001, utm_source: 'x' } }],
    ['an arrival a week ahead', { first: { at: Date.now() + 7 * 86_400_000 } }],
    ['an arrival before the site recorded sources', { first: { at: Date.UTC(2025, 11, 31) } }],
    ['an arrival time that is not a whole number', { first: { at: at + 0.5 } }],
    ['an unknown key', { first: { at }, extra: 1 }],
    ['no first touch', { last: { at } }],
    ['not an object', 'google'],
  ])('refuses %s', (_label, value) => {
    expect(leadSourceSchema.safeParse(value).success).toBe(false);
  });
});

describe('contactTapSchema', () => {
  it('accepts a call or a text on a page of the site', () => {
    expect(contactTapSchema.parse({ kind: 'call', page: '/services/decks' })).toEqual({
      kind: 'call',
      page: '/services/decks',
    });
    expect(
      contactTapSchema.safeParse({ kind: 'text', page: '/', source: { at, referrer: 'www.google.com' } }).success,
    ).toBe(true);
  });

  it.each([
    ['another kind', { kind: 'email', page: '/' }],
    ['a page with a query', { kind: 'call', page: '/?utm_source=x' }],
    ['a page on another site', { kind: 'call', page: 'https://evil.example/' }],
    ['markup', { kind: 'call', page: '/<script>' }],
    ['more keys', { kind: 'call', page: '/', name: 'Jane' }],
  ])('refuses %s', (_label, value) => {
    expect(contactTapSchema.safeParse(value).success).toBe(false);
  });

  it('tells a tap without a source from one whose source is not a touch', () => {
    const tap = (source?: unknown) => contactTapSchema.parse({ kind: 'call', page: '/', source });
    expect(tapSource(tap())).toBeUndefined();
    expect(tapSource(tap({ at, referrer: 'www.google.com' }))).toEqual({ at, referrer: 'www.google.com' });
    expect(tapSource(tap({ at, utm_source: '<b>' }))).toBe('malformed');
    expect(tapSource(tap({ utm_source: 'facebook', at: 1 }))).toBe('malformed');
    expect(tapSource(tap('facebook'))).toBe('malformed');
  });
});

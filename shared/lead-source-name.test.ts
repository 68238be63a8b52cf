import { describe, expect, it } from 'vitest';
import { sourceOf, sourceOfTouch, unknownSource } from './lead-source-name';
import type { Touch } from './schemas/lead-source';

const at = Date.UTC(2026, 10, 1);
const touch = (fields: Partial<Touch>): Touch => ({ at, landingPage: '/', ...fields });

describe('the source a person reads, from one arrival', () => {
  it.each<[string, Partial<Touch>, string, string]>([
    ['a Google ad click id', { gclid: 'Cj0KCQiA-abc_123' }, 'Google Ads', 'cpc'],
    ['an iOS Google ad click (gbraid)', { gbraid: '0AAAAAoXyz12345' }, 'Google Ads', 'cpc'],
    ['an app-to-web Google ad click (wbraid)', { wbraid: 'CkEKCQjw-xyz12345' }, 'Google Ads', 'cpc'],
    ['utm google / cpc', { utm_source: 'google', utm_medium: 'cpc' }, 'Google Ads', 'cpc'],
    ['utm Google / PPC in capitals', { utm_source: 'Google', utm_medium: 'PPC' }, 'Google Ads', 'ppc'],
    ['utm adwords / paid', { utm_source: 'adwords', utm_medium: 'paid' }, 'Google Ads', 'paid'],
    [
      'the Business Profile link as documented',
      { utm_source: 'google', utm_medium: 'organic', utm_campaign: 'gbp' },
      'Google Business Profile',
      'organic',
    ],
    ['utm_source=gbp', { utm_source: 'gbp' }, 'Google Business Profile', 'organic'],
    [
      'the Business Profile link even with a gclid (the tag is the owner’s own)',
      { utm_source: 'google', utm_campaign: 'gbp', gclid: 'Cj0KCQiA-abc_123' },
      'Google Business Profile',
      'organic',
    ],
    ['a Google search page', { referrer: 'www.google.com' }, 'Google search', 'organic'],
    ['a Google search page of another country', { referrer: 'www.google.co.uk' }, 'Google search', 'organic'],
    ['utm google without a paid medium', { utm_source: 'google', utm_medium: 'email' }, 'Google search', 'email'],
    ['a Facebook click id', { fbclid: 'IwAR2abcdefgh' }, 'Facebook', 'social'],
    ['utm facebook / paid-social', { utm_source: 'facebook', utm_medium: 'paid-social' }, 'Facebook', 'paid-social'],
    ['the Facebook link shim', { referrer: 'l.facebook.com' }, 'Facebook', 'social'],
    ['Facebook on phones', { referrer: 'm.facebook.com' }, 'Facebook', 'social'],
    ['Instagram', { referrer: 'l.instagram.com' }, 'Instagram', 'social'],
    ['a Microsoft ad click id', { msclkid: 'a1b2c3d4e5f6' }, 'Bing', 'cpc'],
    ['a Bing search page', { referrer: 'www.bing.com' }, 'Bing', 'organic'],
    ['another site', { referrer: 'www.nextdoor.com' }, 'nextdoor.com', 'referral'],
    ['another site without www', { referrer: 'yelp.com' }, 'yelp.com', 'referral'],
    ['a link the owner tagged', { utm_source: 'yard-sign', utm_medium: 'qr' }, 'yard-sign', 'qr'],
    [
      'a tag wins over the referrer',
      { utm_source: 'newsletter', referrer: 'mail.google.com' },
      'newsletter',
      'referral',
    ],
    ['no tags, no referrer', {}, 'Direct', 'none'],
    ['a tag of 200 characters', { utm_source: 'x'.repeat(200) }, 'Other', 'referral'],
    ['a tag that is a sentence', { utm_source: 'call 555-0100 now!!' }, 'Other', 'referral'],
    ['a tag with quotes', { utm_source: '"=cmd|calc"' }, 'Other', 'referral'],
    ['a tag with spaces', { utm_source: 'yard sign' }, 'yard sign', 'referral'],
    ['a very long host name', { referrer: `${'a'.repeat(60)}.example.com` }, 'Other', 'referral'],
  ])('%s', (_label, fields, source, medium) => {
    expect(sourceOfTouch(touch(fields))).toEqual({ source, medium });
  });

  it('is Direct without a touch at all', () => {
    expect(sourceOfTouch(undefined)).toEqual({ source: 'Direct', medium: 'none' });
    expect(unknownSource).toBe('Not recorded');
  });
});

describe('the source a request is credited to', () => {
  it('is the last arrival that said where it came from', () => {
    const first = touch({ utm_source: 'google', utm_medium: 'cpc', gclid: 'Cj0KCQiA-abc_123' });
    const last = touch({ referrer: 'www.google.com', at: at + 86_400_000 });
    expect(sourceOf({ first, last }).source).toBe('Google search');
    expect(sourceOf({ first }).source).toBe('Google Ads');
    expect(sourceOf(undefined).source).toBe('Direct');
  });
});

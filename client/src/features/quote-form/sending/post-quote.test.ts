// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { leadSourceStorageKey } from '@/lib/lead-source';
import { leadSourceHeaders } from './post-quote';

afterEach(() => localStorage.clear());

const decoded = (headers: Record<string, string>) => JSON.parse(decodeURIComponent(headers['X-Lead-Source']!));

describe('leadSourceHeaders: where the visitor came from, beside the request', () => {
  it('is nothing when the browser kept no source', () => {
    expect(leadSourceHeaders()).toEqual({});
  });

  it('carries what this browser kept, read at the moment of sending, as ASCII', () => {
    const leadSource = {
      first: { at: Date.now() - 1000, landingPage: '/?utm_source=facebook', utm_source: 'facebook' },
      last: { at: Date.now() - 500, utm_campaign: 'café fall' },
    };
    localStorage.setItem(leadSourceStorageKey, JSON.stringify(leadSource));
    const headers = leadSourceHeaders();
    expect(headers['X-Lead-Source']).toMatch(/^[\x21-\x7e]+$/);
    expect(decoded(headers)).toEqual(leadSource);
  });

  it('sends the latest visit alone when both are too long for the header, and nothing rather than too much', () => {
    const long = `/${'é'.repeat(1100)}`;
    const last = { at: Date.now() - 500, referrer: 'www.google.com' };
    localStorage.setItem(
      leadSourceStorageKey,
      JSON.stringify({ first: { at: Date.now() - 1000, landingPage: long }, last }),
    );
    expect(decoded(leadSourceHeaders())).toEqual({ first: last });
    localStorage.setItem(leadSourceStorageKey, JSON.stringify({ first: { at: Date.now() - 1000, landingPage: long } }));
    expect(leadSourceHeaders()).toEqual({});
  });
});

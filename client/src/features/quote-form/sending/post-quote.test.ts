// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { leadSourceStorageKey } from '@/lib/lead-source';
import { sampleQuote } from '@/test/sample-quote';
import { quoteBody } from './post-quote';

afterEach(() => localStorage.clear());

describe('quoteBody: the request as the form sends it', () => {
  const { payload } = sampleQuote;

  it('is the request alone when the browser kept no source', () => {
    expect(quoteBody(payload)).toEqual(payload);
  });

  it('carries where the visitor came from, read at the moment of sending', () => {
    const leadSource = {
      first: { at: Date.now() - 1000, landingPage: '/?utm_source=facebook', utm_source: 'facebook' },
    };
    localStorage.setItem(leadSourceStorageKey, JSON.stringify(leadSource));
    expect(quoteBody(payload)).toEqual({ ...payload, leadSource });
  });

  it('leaves the source out rather than go over what the server takes', () => {
    const long = { ...payload, message: 'x'.repeat(14_000) };
    const leadSource = { first: { at: Date.now() - 1000, landingPage: `/${'a'.repeat(2000)}` } };
    localStorage.setItem(leadSourceStorageKey, JSON.stringify(leadSource));
    expect(quoteBody(long)).toEqual(long);
  });
});

import { describe, expect, it } from 'vitest';
import { business } from '@shared/content/business';
import { estimateSmsHref } from './estimate-messages';

describe("the estimate's text, written for the owner", () => {
  it("texts the estimate's link saying who it is from, as his first text does", () => {
    const lead = { name: 'Dana  Smith', projectType: 'Deck', phone: '(928) 555-0188' };
    const url = 'https://www.example.com/estimate/kiowekjwIiaMETap-K3PeK0uJCvz8KI8QNrimf5rLLw';
    const href = estimateSmsHref(lead, { url, version: 1 });
    expect(href.startsWith('sms:+19285550188?&body=')).toBe(true);
    const body = decodeURIComponent(href.split('&body=')[1]!);
    expect(body).toBe(
      `Hi Dana, this is ${business.ownerName} with ${business.name}. ` +
        `Here is the written estimate for your deck, to read and approve online: ${url}`,
    );
    expect(decodeURIComponent(estimateSmsHref(lead, { url, version: 2 }))).toContain('Here is the revised estimate');
    const change = { url, version: 3, kind: 'change-order' as const, title: 'Change order 1 to Estimate 1' };
    expect(decodeURIComponent(estimateSmsHref(lead, change))).toContain(
      'Here is change order 1 to Estimate 1 for your deck, to read and approve online',
    );
  });
});

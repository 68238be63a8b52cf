import { describe, expect, it } from 'vitest';
import { business } from '@shared/content/business';
import { mailtoHref, smsBody, smsHref } from './answer-messages';

const lead = {
  name: 'Dana  Smith',
  projectType: 'Deck',
  city: 'Pine',
  phone: '(928) 555-0188',
  email: 'dana+q@example.com',
};

describe('answers written for the owner', () => {
  it('writes a short text saying who he is and asking when to come by', () => {
    expect(smsBody(lead)).toBe(
      `Hi Dana, this is ${business.ownerName} with ${business.name} about your deck request in Pine. ` +
        'When would be a good time for me to come by and take a look?',
    );
    expect(smsHref(lead)).toBe(`sms:+19285550188?&body=${encodeURIComponent(smsBody(lead))}`);
  });

  it('writes an e-mail with a subject, the same question and his signature', () => {
    const href = new URL(mailtoHref(lead));
    expect(decodeURIComponent(href.pathname)).toBe('dana+q@example.com');
    expect(href.searchParams.get('subject')).toBe(`Your deck quote request - ${business.name}`);
    const body = href.searchParams.get('body')!;
    expect(body).toMatch(/^Hi Dana,\n\nThank you for your deck request in Pine\./);
    expect(body).toContain('When would be a good time for me to come by');
    expect(
      body.endsWith(`${business.ownerName}\n${business.name}\n${business.phoneDisplay}\n${business.rocLicense}`),
    ).toBe(true);
  });

  it('signs the e-mail with the phone and licence he saved in Settings, not the sample ones', () => {
    const body = new URL(
      mailtoHref(lead, { phoneDisplay: '(928) 468-1234', rocLicense: 'ROC 123456' }),
    ).searchParams.get('body')!;
    expect(body).toMatch(/\(928\) 468-1234\nROC 123456$/);
    expect(body).not.toContain(business.phoneDisplay);
    expect(body).not.toContain(business.rocLicense);
  });
});

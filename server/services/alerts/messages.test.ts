import { business } from '@shared/content/business';
import { describe, expect, it } from 'vitest';
import {
  confirmationMessage,
  escapeHtml,
  formatArizonaTime,
  mailtoHref,
  ownerAlertMessage,
  phoneHref,
} from './messages';
import type { AlertPhoto, MailMessage, QuoteForAlert } from './types';
import { alertQuote, alertSettings } from '../../test/alert-quote';

const settings = alertSettings;

const quote = alertQuote({
  message: 'About 300 sq ft.\nOld boards are rotten.\n\nCan you come on a Saturday?',
  photoUrl: 'https://www.rimcountrycarpentry.example/api/objects/9c5b94b1-35ad-49bb-b118-8e8fc24abf80',
});

const photo: AlertPhoto = { link: 'https://photos.example.com/signed?x=1&y=2' };
const attachment = { filename: 'deck.jpg', contentType: 'image/jpeg', content: Buffer.from([0xff, 0xd8, 0xff]) };

const text = (message: MailMessage) => String(message.text);
const html = (message: MailMessage) => String(message.html);
/** Every href in the HTML, unescaped. */
const hrefs = (message: MailMessage) =>
  [...html(message).matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));

describe('owner alert', () => {
  it('has the subject "New quote: <project> in <city> (<name>)"', () => {
    expect(ownerAlertMessage(quote, settings).subject).toBe('New quote: Deck in Payson (Dana Smith)');
  });

  it('goes to the owner, from MAIL_FROM, with replies going to the homeowner', () => {
    const message = ownerAlertMessage(quote, settings, undefined, { messageId: '<d-1@rimcountrycarpentry.example>' });
    expect(message.to).toBe(settings.ownerEmail);
    expect(message.from).toBe(settings.from);
    expect(message.replyTo).toEqual({ name: 'Dana Smith', address: 'dana.smith@example.com' });
    expect(message.messageId).toBe('<d-1@rimcountrycarpentry.example>');
  });

  it('lists every field in the text and the HTML', () => {
    const message = ownerAlertMessage(quote, settings, photo);
    const fields = [quote.name, quote.phone, quote.email, quote.projectType, quote.city, quote.id];
    for (const field of fields) {
      expect(text(message)).toContain(field);
      expect(html(message)).toContain(escapeHtml(field));
    }
    expect(text(message)).toContain('$10,000 - $25,000');
    expect(html(message)).toContain('$10,000 - $25,000');
    expect(text(message)).toContain(quote.message);
    expect(text(message)).toContain(photo.link);
    expect(hrefs(message)).toContain(photo.link);
    expect(text(message)).toContain('Sat, Jul 4, 2026, 2:05 PM (Arizona time)');
    expect(html(message)).toContain('Sat, Jul 4, 2026, 2:05 PM (Arizona time)');
  });

  it('keeps the line breaks of the message in the HTML', () => {
    expect(html(ownerAlertMessage(quote, settings))).toContain(
      'About 300 sq ft.<br>\nOld boards are rotten.<br>\n<br>\nCan you come on a Saturday?',
    );
  });

  it('escapes what the homeowner typed', () => {
    const evil: QuoteForAlert = {
      ...quote,
      name: '<script>alert(1)</script> "Bob"',
      city: 'Pine <b>',
      message: '<script>steal()</script>\n<img src=x onerror=alert(1)> & more',
    };
    const body = html(ownerAlertMessage(evil, settings));
    expect(body).not.toContain('<script>');
    expect(body).not.toContain('<img');
    expect(body).not.toContain('<b>');
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;Bob&quot;');
    expect(body).toContain('&lt;script&gt;steal()&lt;/script&gt;<br>\n&lt;img src=x onerror=alert(1)&gt; &amp; more');
    expect(html(confirmationMessage(evil, settings))).not.toContain('<script>');
  });

  it('keeps a typed newline out of the subject and the Reply-To name', () => {
    const message = ownerAlertMessage({ ...quote, name: 'Dana\r\nBcc: victim@example.com' }, settings);
    expect(message.subject).toBe('New quote: Deck in Payson (Dana Bcc: victim@example.com)');
    expect(message.replyTo).toEqual({ name: 'Dana Bcc: victim@example.com', address: quote.email });
  });

  it('links to call, text and reply to the homeowner', () => {
    const links = hrefs(ownerAlertMessage(quote, settings));
    expect(links).toContain('tel:+19285550199');
    expect(links).toContain('sms:+19285550199');
    expect(links).toContain('mailto:dana.smith@example.com?subject=Re%3A%20your%20Deck%20quote%20request');
    expect(text(ownerAlertMessage(quote, settings))).toContain('tel:+19285550199');
  });

  it('only links to a photo over http(s)', () => {
    const message = ownerAlertMessage({ ...quote, photoUrl: 'javascript:alert(1)' }, settings);
    expect(hrefs(message).some((href) => href.startsWith('javascript:'))).toBe(false);
    expect(text(message)).not.toContain('javascript:');
  });

  it('attaches the photo only when it is given', () => {
    expect(ownerAlertMessage(quote, settings).attachments).toBeUndefined();
    expect(ownerAlertMessage(quote, settings, photo).attachments).toBeUndefined();
    const message = ownerAlertMessage(quote, settings, { ...photo, attachment });
    expect(message.attachments).toEqual([attachment]);
    expect(text(message)).toContain('also attached: deck.jpg');
  });

  it('says so when there is no message and no photo', () => {
    const message = ownerAlertMessage({ ...quote, message: null, photoUrl: null }, settings);
    expect(text(message)).toMatch(/Photo:\s+none/);
    expect(text(message)).toContain('(none)');
  });
});

describe('confirmation to the homeowner', () => {
  const message = confirmationMessage(quote, settings, { messageId: '<d-2@rimcountrycarpentry.example>' });

  it('goes to the homeowner, with replies going to the owner', () => {
    expect(message.to).toEqual({ name: 'Dana Smith', address: 'dana.smith@example.com' });
    expect(message.replyTo).toBe(settings.ownerEmail);
    expect(message.from).toBe(settings.from);
    expect(message.subject).toBe('We received your quote request – Rim Country Carpentry');
    expect(message.messageId).toBe('<d-2@rimcountrycarpentry.example>');
  });

  it('repeats the project, city and budget, and promises an answer within 24 hours', () => {
    for (const body of [text(message), html(message)]) {
      expect(body).toContain('Deck');
      expect(body).toContain('Payson');
      expect(body).toContain('$10,000 - $25,000');
      expect(body).toMatch(/within 24 hours during business days/);
    }
  });

  it('gives the business phone, name and ROC licence', () => {
    for (const body of [text(message), html(message)]) {
      expect(body).toContain(business.phoneDisplay);
      expect(body).toContain(business.rocLicense);
      expect(body).toContain(business.name);
    }
  });

  it('links nowhere but the business phone: no marketing', () => {
    expect(hrefs(message)).toEqual([`tel:${business.phoneE164}`]);
    expect(text(message)).not.toMatch(/https?:/);
    expect(message.attachments).toBeUndefined();
  });

  it('does not repeat the free-text message', () => {
    expect(text(message)).not.toContain('rotten');
    expect(html(message)).not.toContain('rotten');
  });
});

describe('helpers', () => {
  it('formats times in Arizona time, which has no daylight saving time', () => {
    expect(formatArizonaTime(new Date('2026-07-04T21:05:00Z'))).toBe('Sat, Jul 4, 2026, 2:05 PM (Arizona time)');
    expect(formatArizonaTime(new Date('2026-11-23T21:05:00Z'))).toBe('Mon, Nov 23, 2026, 2:05 PM (Arizona time)');
    expect(formatArizonaTime(new Date('2026-01-01T06:30:00Z'))).toBe('Wed, Dec 31, 2025, 11:30 PM (Arizona time)');
  });

  it('turns a typed phone number into something a phone can dial', () => {
    expect(phoneHref('(928) 555-0199')).toBe('+19285550199');
    expect(phoneHref('928.555.0199')).toBe('+19285550199');
    expect(phoneHref('1-928-555-0199')).toBe('+19285550199');
    expect(phoneHref('+44 20 7946 0958')).toBe('+442079460958');
    expect(phoneHref('928-555-0199 ext. 12')).toBe('+19285550199');
    expect(phoneHref('call me maybe')).toBeNull();
  });

  it('percent-encodes mailto: addresses and subjects', () => {
    expect(mailtoHref("o'neil+quotes@example.com", 'Re: a & b')).toBe(
      "mailto:o'neil%2Bquotes@example.com?subject=Re%3A%20a%20%26%20b",
    );
  });
});

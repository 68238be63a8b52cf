import { describe, expect, it } from 'vitest';
import { pushNotification } from '../push/notification';
import { ownerAlertMessage } from './messages';
import { reminderMessage } from './reminder-message';
import type { MailMessage } from './types';
import { alertQuote, alertSettings } from '../../test/alert-quote';

const settings = alertSettings;
const quote = alertQuote();
const request = `https://www.rimcountrycarpentry.example/owner/requests/${quote.id}`;
const links = (message: MailMessage) =>
  [...String(message.html).matchAll(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((match) => [
    match[1]!.replace(/&amp;/g, '&'),
    match[2]!.replace(/<[^>]+>/g, '').trim(),
  ]);

describe('the owner’s e-mails and notifications lead into his app', () => {
  it('offers Open in your inbox on the new-request e-mail, in its HTML and its text', () => {
    const message = ownerAlertMessage(quote, settings);
    expect(links(message)).toContainEqual([request, 'Open in your inbox']);
    expect(String(message.text)).toContain(`Open in your inbox: ${request}`);
  });

  it('offers Mark as answered on the reminder: its page, whose button records it (no GET records)', () => {
    const message = reminderMessage(quote, settings, 90);
    expect(String(message.text)).toContain(`Open in your inbox: ${request}`);
    expect(String(message.text)).toContain(`Mark as answered: ${request}/answered`);
    expect(pushNotification(quote, 90)).toMatchObject({
      url: `/owner/requests/${quote.id}`,
      answeredUrl: `/owner/requests/${quote.id}/answered`,
    });
    // The first notification of a request has nothing to mark yet.
    expect(pushNotification(quote, null)).not.toHaveProperty('answeredUrl');
  });
});

import { businessDuration } from '../push/notification';
import { formatArizonaTime, mailtoHref, phoneHref } from './messages';
import type { AlertSettings, MailMessage, QuoteForAlert } from './types';

/**
 * `Still waiting: Deck in Pine (Dana Smith)`, to the owner's address with Reply-To the homeowner: a request
 * still New after a threshold of business time (LEAD_REMINDER_MINUTES).
 */
export function reminderMessage(quote: QuoteForAlert, settings: AlertSettings, waitedMinutes: number): MailMessage {
  const line = (value: string) => value.replace(/\s+/g, ' ').trim();
  const name = line(quote.name);
  const tel = phoneHref(quote.phone);
  const inbox = new URL(`/owner/requests/${quote.id}`, settings.siteUrl).toString();
  // A page with a button, not a link that records: mail scanners open links.
  const answered = new URL(`/owner/requests/${quote.id}/answered`, settings.siteUrl).toString();
  const text = [
    `${name} has waited ${businessDuration(waitedMinutes)} of business time for an answer.`,
    `You promise an answer within 24 hours on business days; a call within the hour wins the most jobs.`,
    '',
    `Project:   ${line(quote.projectType)} in ${line(quote.city)}`,
    `Phone:     ${line(quote.phone)}`,
    `E-mail:    ${quote.email}`,
    `Received:  ${formatArizonaTime(quote.receivedAt)}`,
    '',
    ...(tel ? [`Call:  tel:${tel}`, `Text:  sms:${tel}`] : []),
    `Reply: ${mailtoHref(quote.email, `Re: your ${line(quote.projectType)} quote request`)}`,
    `Open in your inbox: ${inbox}`,
    '',
    `Answered already (a call from this e-mail, say)? Mark as answered: ${answered}`,
    'Once it is marked answered or set to Contacted, no more reminders come for it.',
    '',
  ].join('\n');
  return {
    from: settings.from,
    to: settings.ownerEmail,
    replyTo: { name, address: quote.email },
    subject: `Still waiting: ${line(quote.projectType)} in ${line(quote.city)} (${name})`,
    text,
  };
}

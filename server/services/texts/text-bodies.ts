import { business } from '@shared/content/business';
import { arizonaFormat, longDay, plainSpaces } from '@shared/arizona-time';

/**
 * What the site texts homeowners by itself. Every text names the business first (carriers and
 * the owner's A2P registration ask for it) and stays short: one or two segments.
 */
const visitTime = arizonaFormat({
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
export const textVisitTime = (date: Date) => plainSpaces(visitTime.format(date));

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

export function requestText(name: string, visitLink: string): string {
  return (
    `${business.name}: thanks, ${firstName(name)}! ${business.ownerName} has your request and usually answers ` +
    `within 24 hours on business days. Book your free estimate visit here: ${visitLink} Reply STOP to opt out.`
  );
}

export function visitText(
  event: 'booked' | 'rescheduled' | 'cancelled',
  start: Date | null,
  by: 'owner' | 'homeowner',
): string {
  if (event === 'cancelled')
    return by === 'owner'
      ? `${business.name}: ${business.ownerName} had to cancel your estimate visit. He will be in touch to find another time.`
      : `${business.name}: your estimate visit is cancelled, as you asked. You can book another time from the same link.`;
  const when = start ? textVisitTime(start) : '';
  return event === 'rescheduled'
    ? `${business.name}: your estimate visit has moved to ${when}.`
    : `${business.name}: your estimate visit is booked for ${when}. ${business.ownerName} will see you then.`;
}

export function visitReminderText(start: Date): string {
  return `${business.name}: a reminder of your estimate visit tomorrow, ${textVisitTime(start)}. Reply C to confirm.`;
}

export const visitConfirmedText = (start: Date) =>
  `${business.name}: thank you, your estimate visit on ${textVisitTime(start)} is confirmed.`;

/** `paper`: what she is sent, "written estimate" or "change order". */
export function estimateText(link: string, followUp: boolean, paper = 'written estimate'): string {
  return followUp
    ? `${business.name}: a reminder that your ${paper} is waiting for you: ${link}`
    : `${business.name}: your ${paper} from ${business.ownerName} is ready: ${link}`;
}

export const helpText = (phoneDisplay: string) =>
  `${business.name}: texts about your request. Call or text ${business.ownerName} at ${phoneDisplay}. Reply STOP to opt out.`;

export function invoiceText(invoice: { number: string; amount: string; dueDay: string; link: string }): string {
  return `${business.name}: invoice ${invoice.number} for ${invoice.amount} is ready, due by ${longDay(invoice.dueDay)}: ${invoice.link}`;
}

import { business } from '@shared/content/business';

/** How the owner's pages write counts, phone numbers, amounts and a homeowner's name. */

/** `1 request`, `3 requests`; `many` for words that do not just take an s (`2 devices get`). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** A phone number as typed by a visitor, as a tel:/sms: target: +1 and ten digits for a US number. */
export function phoneTarget(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return phone.trim().startsWith('+') ? `+${digits}` : digits;
}

/** `sms:` with the text written (`?&body=` is read by both iPhone and Android messaging apps). */
export const textHref = (phone: string, body: string) => `sms:${phoneTarget(phone)}?&body=${encodeURIComponent(body)}`;

/** The first word of a name as the homeowner typed it, to greet her by. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** How every text he sends a homeowner starts: "Hi Dana, this is <owner> with <business>". */
export const greeting = (name: string) => `Hi ${firstName(name)}, this is ${business.ownerName} with ${business.name}`;

const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const centDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** `$11,800`; with cents only when there are some (`$33.33` a lead); `–` where there is no figure. */
export function dollars(amount: number | null): string {
  if (amount === null) return '–';
  return Number.isInteger(amount) ? wholeDollars.format(amount) : centDollars.format(amount);
}

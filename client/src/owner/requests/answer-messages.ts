import { business } from '@shared/content/business';
import type { Business } from '@shared/content/business-facts';
import type { RequestDetail } from '@shared/schemas/owner-inbox';
import { phoneTarget } from '../app/parts';

type Lead = Pick<RequestDetail, 'name' | 'projectType' | 'city' | 'phone' | 'email'>;

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';
const project = (lead: Lead) => lead.projectType.toLowerCase();

/** A short text, ready to edit and send: who he is, and when he may come by. */
export function smsBody(lead: Lead): string {
  return (
    `Hi ${firstName(lead.name)}, this is ${business.ownerName} with ${business.name} about your ` +
    `${project(lead)} request in ${lead.city}. When would be a good time for me to come by and take a look?`
  );
}

/** `sms:` with the text written (`?&body=` is read by both iPhone and Android messaging apps). */
export function smsHref(lead: Lead): string {
  return `sms:${phoneTarget(lead.phone)}?&body=${encodeURIComponent(smsBody(lead))}`;
}

/** The estimate's link as a text: who it is from, as his first text says, and what it is. */
export function estimateSmsBody(lead: Lead, estimate: { url: string; version: number }): string {
  const which = estimate.version > 1 ? 'the revised estimate' : 'the written estimate';
  return (
    `Hi ${firstName(lead.name)}, this is ${business.ownerName} with ${business.name}. Here is ${which} ` +
    `for your ${project(lead)}, to read and approve online: ${estimate.url}`
  );
}

export const estimateSmsHref = (lead: Lead, estimate: { url: string; version: number }) =>
  `sms:${phoneTarget(lead.phone)}?&body=${encodeURIComponent(estimateSmsBody(lead, estimate))}`;

/** The facts his signature gives: the saved ones (useOwnerSignature), else shared/content/business.ts's. */
export type Signature = Pick<Business, 'phoneDisplay' | 'rocLicense'>;

export function mailtoHref(lead: Lead, signature: Signature = business): string {
  const subject = `Your ${project(lead)} quote request - ${business.name}`;
  const body = [
    `Hi ${firstName(lead.name)},`,
    '',
    `Thank you for your ${project(lead)} request in ${lead.city}. This is ${business.ownerName}, ` +
      `owner of ${business.name}.`,
    '',
    'When would be a good time for me to come by, take a look and measure up? A weekday morning or ' +
      'afternoon works best for me.',
    '',
    business.ownerName,
    business.name,
    signature.phoneDisplay,
    signature.rocLicense,
  ].join('\n');
  return `mailto:${encodeURIComponent(lead.email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

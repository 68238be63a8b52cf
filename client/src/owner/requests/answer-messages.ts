import { business } from '@shared/content/business';
import type { RequestDetail } from '@shared/schemas/owner-inbox';
import { firstName, greeting, textHref } from '../app/formats';
import type { Signature } from '../settings';

type Lead = Pick<RequestDetail, 'name' | 'projectType' | 'city' | 'phone' | 'email'>;

const project = (lead: Lead) => lead.projectType.toLowerCase();

/** A short text, ready to edit and send: who he is, and when he may come by. */
export function smsBody(lead: Lead): string {
  return (
    `${greeting(lead.name)} about your ` +
    `${project(lead)} request in ${lead.city}. When would be a good time for me to come by and take a look?`
  );
}

/** His first text, ready to send from the phone's messaging app. */
export const smsHref = (lead: Lead) => textHref(lead.phone, smsBody(lead));

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

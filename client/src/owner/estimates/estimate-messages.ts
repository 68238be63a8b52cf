import type { RequestDetail } from '@shared/schemas/owner-inbox';
import { greeting, textHref } from '../app/formats';

type Lead = Pick<RequestDetail, 'name' | 'projectType' | 'phone'>;

/** The estimate's link as a text: who it is from, as his first text says, and what it is. */
export function estimateSmsBody(lead: Lead, estimate: { url: string; version: number }): string {
  const which = estimate.version > 1 ? 'the revised estimate' : 'the written estimate';
  return (
    `${greeting(lead.name)}. Here is ${which} ` +
    `for your ${lead.projectType.toLowerCase()}, to read and approve online: ${estimate.url}`
  );
}

export const estimateSmsHref = (lead: Lead, estimate: { url: string; version: number }) =>
  textHref(lead.phone, estimateSmsBody(lead, estimate));

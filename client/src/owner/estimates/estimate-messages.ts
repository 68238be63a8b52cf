import type { RequestDetail } from '@shared/schemas/owner-inbox';
import { greeting, textHref } from '../app/formats';

type Lead = Pick<RequestDetail, 'name' | 'projectType' | 'phone'>;

/** The estimate's link as a text: who it is from, as his first text says, and what it is. */
export function estimateSmsBody(
  lead: Lead,
  estimate: { url: string; version: number; kind?: 'estimate' | 'change-order'; title?: string },
): string {
  const which =
    estimate.kind === 'change-order'
      ? (estimate.title ?? 'the change order').replace(/^Change/, 'change')
      : estimate.version > 1
        ? 'the revised estimate'
        : 'the written estimate';
  return (
    `${greeting(lead.name)}. Here is ${which} ` +
    `for your ${lead.projectType.toLowerCase()}, to read and approve online: ${estimate.url}`
  );
}

export const estimateSmsHref = (lead: Lead, estimate: Parameters<typeof estimateSmsBody>[1]) =>
  textHref(lead.phone, estimateSmsBody(lead, estimate));

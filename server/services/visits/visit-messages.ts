import { defaultBusiness, type Business } from '@shared/content/business-facts';
import { visitLength, visitWhen } from '@shared/visit-time';
import { visitPlace } from '@shared/schemas/visits';
import type { VisitEvent } from '../../db/schema';
import {
  button,
  escapeHtml,
  fieldTable,
  heading,
  layout,
  link,
  oneLine,
  paragraph,
  phoneHref,
  small,
} from '../alerts/messages';
import type { AlertSettings, MailMessage } from '../alerts/types';
import { icsCalendar } from './ics';

/** A visit as its messages see it: the request's people and project, and the visit as it now stands. */
export interface VisitForMessage {
  id: string;
  requestId: string;
  name: string;
  email: string;
  phone: string;
  city: string;
  projectType: string;
  start: Date;
  end: Date;
  address: string;
  sequence: number;
  status: 'booked' | 'cancelled';
  /** Who cancelled it: the owner from the request's page, or the homeowner by her link (null while booked). */
  cancelledBy: 'owner' | 'homeowner' | null;
  /** The owner's reason, when he cancelled it and typed one. */
  cancelReason: string | null;
}

/** `your deck project`, or `your project` for Other. */
export const yourProject = (projectType: string) =>
  projectType === 'Other' ? 'your project' : `your ${oneLine(projectType).toLowerCase()} project`;

/** What the visit is, said on the booking page and in the e-mails; its length is the window's (the owner's setting). */
export function visitExpectations(visit: { start: Date; end: Date; projectType: string }): string[] {
  return [
    `${defaultBusiness.ownerName} comes to look at ${yourProject(visit.projectType)}, measure and talk through what you have in mind.`,
    `Allow up to ${visitLength(visit.start, visit.end)}. The visit is free, with no obligation.`,
    'You get a written estimate afterwards, usually within a few business days.',
  ];
}

const calendarUid = (visit: VisitForMessage, domain: string) => `visit-${visit.id}@${domain}`;

/** The street address given, or the town while there is none. */
const placeOf = (visit: VisitForMessage) => oneLine(visitPlace(visit.address, visit.city));

/**
 * The invitation the homeowner's phone adds in one tap (RFC 5545 with METHOD:REQUEST, or CANCEL
 * to take it off): one event, the same UID for every change, SEQUENCE counting them.
 */
export function visitInvitation(visit: VisitForMessage, settings: AlertSettings, pageUrl: string, now: Date): string {
  const business = settings.business ?? defaultBusiness;
  const cancelled = visit.status === 'cancelled';
  const domain = new URL(settings.siteUrl).hostname;
  return icsCalendar({
    method: cancelled ? 'CANCEL' : 'REQUEST',
    events: [
      {
        uid: calendarUid(visit, domain),
        sequence: visit.sequence,
        start: visit.start,
        end: visit.end,
        stamp: now,
        summary: `Free estimate visit – ${business.name}`,
        description: [
          `${oneLine(visit.projectType)}: ${business.ownerName} of ${business.name} comes to look at your project.`,
          `Questions or a change of plans: ${business.phoneDisplay}, or ${pageUrl}`,
        ].join('\n'),
        location: placeOf(visit),
        url: pageUrl,
        status: cancelled ? 'CANCELLED' : 'CONFIRMED',
        organizer: { name: business.name, email: business.email },
        attendee: { name: oneLine(visit.name), email: visit.email },
      },
    ],
  });
}

/** The plain-text e-mail's closing lines: the business's name and phone. */
const signature = (business: Business) => ['', business.name, business.phoneDisplay, ''];

/** The envelope of every e-mail to the homeowner: from the business, her replies to the owner. */
function toHomeowner(
  visit: VisitForMessage,
  settings: AlertSettings,
  mail: Pick<MailMessage, 'subject' | 'text' | 'html' | 'icalEvent'>,
): MailMessage {
  return {
    from: settings.from,
    to: { name: oneLine(visit.name), address: visit.email },
    replyTo: settings.ownerEmail,
    ...mail,
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

/** The homeowner's e-mail: the visit booked or moved (with the invitation), or cancelled. */
export function homeownerVisitMessage(
  visit: VisitForMessage,
  event: VisitEvent,
  settings: AlertSettings,
  pageUrl: string,
  now: Date,
): MailMessage {
  const business = settings.business ?? defaultBusiness;
  const name = oneLine(visit.name);
  const when = `${visitWhen(visit.start, visit.end)} (Arizona time)`;
  const address = placeOf(visit);
  const cancelled = visit.status === 'cancelled' || event === 'cancelled';
  if (cancelled && visit.cancelledBy === 'owner') return ownerCancelledMessage(visit, settings, pageUrl, now);
  const subject = cancelled
    ? `Your estimate visit is cancelled – ${business.name}`
    : `${event === 'rescheduled' ? 'Your estimate visit was moved' : 'Your estimate visit is booked'}: ${visitWhen(visit.start, visit.end)}`;
  const phone = business.phoneDisplay;
  const text = cancelled
    ? [
        `Hello ${name},`,
        '',
        `Your estimate visit on ${when} is cancelled.`,
        '',
        `To pick another time: ${pageUrl}`,
        `Or call us at ${phone}.`,
        ...signature(business),
      ].join('\n')
    : [
        `Hello ${name},`,
        '',
        event === 'rescheduled' ? 'Your free estimate visit was moved to:' : 'Your free estimate visit is booked:',
        '',
        `When:     ${when}`,
        `Where:    ${address}`,
        `Project:  ${oneLine(visit.projectType)}`,
        '',
        'What to expect:',
        ...visitExpectations(visit).map((line) => `- ${line}`),
        '',
        'The attached invitation adds the visit to your calendar.',
        '',
        `To reschedule or cancel: ${pageUrl}`,
        `Questions? Call us at ${phone}.`,
        ...signature(business),
      ].join('\n');
  const html = layout(
    subject,
    (cancelled
      ? [
          heading('Your visit is cancelled', `${visitWhen(visit.start, visit.end)} (Arizona time)`),
          paragraph(
            `Hello ${escapeHtml(name)}, your estimate visit is cancelled. You can pick another time whenever it suits you.`,
          ),
          button(pageUrl, 'Pick another time'),
        ]
      : [
          heading(
            event === 'rescheduled' ? 'Your visit was moved' : 'Your visit is booked',
            `Thank you, ${name}. ${business.ownerName} will see you then.`,
          ),
          fieldTable([
            ['When', escapeHtml(when)],
            ['Where', escapeHtml(address)],
            ['Project', escapeHtml(visit.projectType)],
          ]),
          paragraph(
            `<strong>What to expect</strong><br>${visitExpectations(visit)
              .map((line) => escapeHtml(line))
              .join('<br>')}`,
          ),
          paragraph('The attached invitation (visit.ics) adds the visit to your calendar in one tap.'),
          button(pageUrl, 'Reschedule or cancel', 'secondary'),
        ]
    )
      .concat([
        paragraph(`Questions? Call us at ${link(`tel:${business.phoneE164}`, phone)}.`),
        small(`${escapeHtml(business.name)} · ${escapeHtml(phone)}`),
      ])
      .join('\n'),
  );
  return toHomeowner(visit, settings, {
    subject,
    text,
    html,
    icalEvent: {
      filename: 'visit.ics',
      method: cancelled ? 'CANCEL' : 'REQUEST',
      content: visitInvitation(visit, settings, pageUrl, now),
    },
  });
}

/**
 * The homeowner's e-mail when the owner cancelled her visit from the request's page: who
 * cancelled (not her), his reason when he typed one, and her booking link to pick a new time.
 */
function ownerCancelledMessage(
  visit: VisitForMessage,
  settings: AlertSettings,
  pageUrl: string,
  now: Date,
): MailMessage {
  const business = settings.business ?? defaultBusiness;
  const name = oneLine(visit.name);
  const who = `${business.ownerName} of ${business.name}`;
  const when = `${visitWhen(visit.start, visit.end)} (Arizona time)`;
  const reason = visit.cancelReason?.trim() ? visit.cancelReason.trim() : null;
  const phone = business.phoneDisplay;
  const subject = `${business.ownerName} cancelled your estimate visit – ${business.name}`;
  const text = [
    `Hello ${name},`,
    '',
    `${who} cancelled your estimate visit on ${when}.`,
    ...(reason ? ['', `Reason: ${reason}`] : []),
    '',
    'Sorry for the change of plans. Pick a new time that suits you on your booking page:',
    pageUrl,
    `Or call us at ${phone}.`,
    ...signature(business),
  ].join('\n');
  const html = layout(
    subject,
    [
      heading(`${business.ownerName} cancelled your visit`, when),
      paragraph(`Hello ${escapeHtml(name)}, ${escapeHtml(who)} cancelled your estimate visit on ${escapeHtml(when)}.`),
      ...(reason ? [paragraph(`<strong>Reason:</strong> ${escapeHtml(reason).replace(/\n/g, '<br>')}`)] : []),
      paragraph('Sorry for the change of plans. Pick a new time that suits you on your booking page:'),
      button(pageUrl, 'Pick a new time'),
      paragraph(`Or call us at ${link(`tel:${business.phoneE164}`, phone)}.`),
      small(`${escapeHtml(business.name)} · ${escapeHtml(phone)}`),
    ].join('\n'),
  );
  return toHomeowner(visit, settings, {
    subject,
    text,
    html,
    icalEvent: { filename: 'visit.ics', method: 'CANCEL', content: visitInvitation(visit, settings, pageUrl, now) },
  });
}

/** The homeowner's reminder the day before. */
export function visitReminderMessage(visit: VisitForMessage, settings: AlertSettings, pageUrl: string): MailMessage {
  const business = settings.business ?? defaultBusiness;
  const name = oneLine(visit.name);
  const when = `${visitWhen(visit.start, visit.end)} (Arizona time)`;
  const subject = `Reminder: your estimate visit ${visitWhen(visit.start, visit.end)}`;
  const text = [
    `Hello ${name},`,
    '',
    `A reminder of your free estimate visit: ${when}, at ${placeOf(visit)}.`,
    '',
    `Something came up? Reschedule or cancel: ${pageUrl}`,
    `Or call us at ${business.phoneDisplay}.`,
    '',
    business.name,
    '',
  ].join('\n');
  const html = layout(
    subject,
    [
      heading('See you tomorrow', when),
      fieldTable([
        ['Where', escapeHtml(placeOf(visit))],
        ['Project', escapeHtml(visit.projectType)],
      ]),
      button(pageUrl, 'Reschedule or cancel', 'secondary'),
      small(`${escapeHtml(business.name)} · ${escapeHtml(business.phoneDisplay)}`),
    ].join('\n'),
  );
  return toHomeowner(visit, settings, { subject, text, html });
}

/** The owner's e-mail: a visit booked, moved or cancelled by the homeowner. */
export function ownerVisitMessage(visit: VisitForMessage, event: VisitEvent, settings: AlertSettings): MailMessage {
  const name = oneLine(visit.name);
  const verb = event === 'cancelled' ? 'cancelled' : event === 'rescheduled' ? 'moved' : 'booked';
  const when = visitWhen(visit.start, visit.end);
  const subject = `Estimate visit ${verb}: ${when} – ${name}, ${oneLine(visit.projectType)} in ${oneLine(visit.city)}`;
  const requestUrl = `${settings.siteUrl}/owner/requests/${visit.requestId}`;
  const tel = phoneHref(visit.phone);
  const text = [
    `${name} ${verb} the estimate visit${event === 'rescheduled' ? ' to' : ''}: ${when} (Arizona time).`,
    '',
    `Where:    ${placeOf(visit)}`,
    `Phone:    ${oneLine(visit.phone)}`,
    `Project:  ${oneLine(visit.projectType)} in ${oneLine(visit.city)}`,
    '',
    `The request: ${requestUrl}`,
    event === 'cancelled'
      ? 'The window is open for booking again.'
      : 'Your calendar feed has it (Visits, Your calendar, in the owner’s app).',
    '',
  ].join('\n');
  const html = layout(
    subject,
    [
      heading(`Visit ${verb}`, `${when} (Arizona time)`),
      fieldTable([
        ['Who', escapeHtml(name)],
        ['Where', escapeHtml(placeOf(visit))],
        ['Phone', tel ? link(`tel:${tel}`, visit.phone) : escapeHtml(visit.phone)],
        ['Project', escapeHtml(`${visit.projectType} in ${visit.city}`)],
      ]),
      button(requestUrl, 'Open the request'),
      small(escapeHtml(event === 'cancelled' ? 'The window is open for booking again.' : 'Your calendar feed has it.')),
    ].join('\n'),
  );
  return {
    from: settings.from,
    to: settings.ownerEmail,
    replyTo: { name, address: visit.email },
    subject,
    text,
    html,
    headers: { 'X-Quote-Request-Id': visit.requestId },
  };
}

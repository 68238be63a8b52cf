import { arizonaWrittenDay, arizonaWrittenTime } from '@shared/arizona-time';
import {
  declineReasonLabels,
  formatCents,
  longDay,
  paperTitle,
  type DeclineReason,
  type FrozenEstimate,
} from '@shared/schemas/estimates';
import { button, escapeHtml, heading, layout, oneLine, paragraph, small } from '../alerts/messages';
import type { AlertSettings, MailMessage } from '../alerts/types';
import type { EstimateEvent } from './estimate-records';

/** The estimate's e-mails: to the homeowner (sent, follow-up, approved) and to the owner (approved, declined, question). */

export interface EstimateForMessage {
  requestId: string;
  frozen: FrozenEstimate;
  totalCents: number;
  pageUrl: string;
  approvedName: string | null;
  approvedAt: Date | null;
  approvedTotalCents: number | null;
  declineReason: DeclineReason | null;
  declineComment: string | null;
  /** A revised version: when the one it replaces was sent, and the question she asked since, if any. */
  replaces?: { sentAt: Date; question: string | null } | null;
}

const firstName = (name: string) => oneLine(name).split(/\s+/)[0] ?? '';

export const pdfFileName = (frozen: FrozenEstimate, signed = false) =>
  `${frozen.changeOrder ? `change-order-${frozen.changeOrder.number}` : `estimate-${frozen.version}`}${signed ? '-signed' : ''}.pdf`;

/** An e-mail to the homeowner with the paper's PDF attached (the signed copy once approved). */
function toHomeowner(
  settings: AlertSettings,
  frozen: FrozenEstimate,
  mail: Pick<MailMessage, 'subject' | 'text' | 'html'>,
  pdf: Buffer,
  signed = false,
): MailMessage {
  return {
    from: settings.from,
    to: frozen.homeowner.email,
    ...mail,
    attachments: [{ filename: pdfFileName(frozen, signed), content: pdf, contentType: 'application/pdf' }],
  };
}

/** A change order's e-mail: its own words, the title that names what it changes, and the job's new total. */
function changeOrderMessage(
  estimate: EstimateForMessage,
  followUp: boolean,
  settings: AlertSettings,
  pdf: Buffer,
): MailMessage {
  const { frozen, pageUrl } = estimate;
  const change = frozen.changeOrder!;
  const business = frozen.business;
  const title = paperTitle(frozen);
  const newTotal = formatCents(change.jobTotalBeforeCents + estimate.totalCents);
  const subject = `${followUp ? 'A reminder: ' : ''}${title} for the ${oneLine(frozen.project.type).toLowerCase()}: ${formatCents(estimate.totalCents)} – ${business.name}`;
  const lines = [
    `${title} from ${business.name}: ${oneLine(change.reason)}.`,
    `It comes to ${formatCents(estimate.totalCents)} and adds ${change.daysAdded} ${change.daysAdded === 1 ? 'day' : 'days'} to the work; the job's new total would be ${newTotal}.`,
  ];
  const text = [
    `Hello ${firstName(frozen.homeowner.name)},`,
    '',
    ...lines,
    '',
    `Read it and approve it online: ${pageUrl}`,
    'It is attached as a PDF too.',
    '',
    business.name,
    `${business.licence} · ${business.phone}`,
    '',
  ].join('\n');
  const html = layout(
    subject,
    [
      heading(title, `${formatCents(estimate.totalCents)} · new job total ${newTotal}`),
      ...lines.map((line) => paragraph(escapeHtml(line))),
      button(pageUrl, 'View and approve the change order'),
      small(`The change order is attached as a PDF. Questions? Call ${escapeHtml(business.phone)}.`),
    ].join(''),
  );
  return toHomeowner(settings, frozen, { subject, text, html }, pdf);
}

const quoted = (question: string) => {
  const line = oneLine(question);
  return `“${line.length > 300 ? `${line.slice(0, 299)}…` : line}”`;
};

/** The estimate, sent or followed up: the button to its page, and the PDF attached. */
export function homeownerEstimateMessage(
  estimate: EstimateForMessage,
  followUp: boolean,
  settings: AlertSettings,
  pdf: Buffer,
): MailMessage {
  if (estimate.frozen.changeOrder) return changeOrderMessage(estimate, followUp, settings, pdf);
  const { frozen, pageUrl } = estimate;
  const business = frozen.business;
  const project = oneLine(frozen.project.type);
  // A revised version says so at once: the same words as the first would read as a duplicate.
  const replaces = followUp ? null : (estimate.replaces ?? null);
  const replacedOn = replaces ? arizonaWrittenDay(replaces.sentAt) : '';
  const subject = followUp
    ? `A reminder: your estimate for the ${project.toLowerCase()} – ${business.name}`
    : replaces
      ? `Your revised estimate for the ${project.toLowerCase()}, replacing the one sent ${replacedOn}: ${formatCents(estimate.totalCents)} – ${business.name}`
      : `Your estimate for the ${project.toLowerCase()}: ${formatCents(estimate.totalCents)} – ${business.name}`;
  const valid = longDay(frozen.validUntil);
  const revision = replaces
    ? [
        `This revised estimate from ${business.name} replaces the one sent on ${replacedOn}.` +
          (replaces.question ? ` It answers your question: ${quoted(replaces.question)}` : ''),
        '',
      ]
    : [];
  const text = [
    `Hello ${firstName(frozen.homeowner.name)},`,
    '',
    ...revision,
    followUp
      ? `Just checking in on the estimate ${business.name} sent for your ${project.toLowerCase()}. It is valid until ${valid}.`
      : `Here is the ${replaces ? 'revised ' : ''}estimate from ${business.name} for your ${project.toLowerCase()} in ${oneLine(frozen.project.city)}: ${formatCents(estimate.totalCents)}, valid until ${valid}.`,
    '',
    `Read it, choose any options and approve it online: ${pageUrl}`,
    'The estimate is attached as a PDF too.',
    '',
    `Questions? Call us at ${business.phone}, or ask on the estimate's page.`,
    '',
    business.name,
    `${business.licence} · ${business.phone}`,
    '',
  ].join('\n');
  const hello = `Hello ${escapeHtml(firstName(frozen.homeowner.name))}, `;
  const html = layout(
    subject,
    [
      heading(
        followUp
          ? 'A reminder about your estimate'
          : replaces
            ? 'Your revised estimate is ready'
            : 'Your estimate is ready',
        `${project} · ${formatCents(estimate.totalCents)}`,
      ),
      paragraph(
        followUp
          ? `${hello}just checking in on the estimate ${escapeHtml(business.name)} sent you. It is valid until ${escapeHtml(valid)}.`
          : replaces
            ? `${hello}this revised estimate from ${escapeHtml(business.name)} replaces the one sent on ${escapeHtml(replacedOn)}.${
                replaces.question ? ` It answers your question: ${escapeHtml(quoted(replaces.question))}` : ''
              } It is valid until ${escapeHtml(valid)}.`
            : `${hello}here is the written estimate from ${escapeHtml(business.name)}. It is valid until ${escapeHtml(valid)}.`,
      ),
      button(pageUrl, 'View and approve the estimate'),
      small(
        `The estimate is attached as a PDF. Questions? Call ${escapeHtml(business.phone)}. ${escapeHtml(business.licence)}`,
      ),
    ].join(''),
  );
  return toHomeowner(settings, frozen, { subject, text, html }, pdf);
}

/** The homeowner's confirmation of an approval, with the signed PDF. */
export function approvedEstimateMessage(
  estimate: EstimateForMessage,
  settings: AlertSettings,
  signedPdf: Buffer,
): MailMessage {
  const { frozen, pageUrl } = estimate;
  const business = frozen.business;
  const total = formatCents(estimate.approvedTotalCents ?? estimate.totalCents);
  const noun = frozen.changeOrder ? 'change order' : 'estimate';
  const subject = `${frozen.changeOrder ? paperTitle(frozen) : 'Estimate'} approved: ${total} – ${business.name}`;
  const when = estimate.approvedAt ? arizonaWrittenTime(estimate.approvedAt) : '';
  const text = [
    `Hello ${firstName(frozen.homeowner.name)},`,
    '',
    `Thank you: you approved the ${noun} from ${business.name} for your ${oneLine(frozen.project.type).toLowerCase()} (${total}) on ${when}, signed ${oneLine(estimate.approvedName ?? '')}.`,
    '',
    `What happens next: ${business.name} will call you within two business days to schedule the work and the deposit.`,
    '',
    `The signed ${noun} is attached. It stays online at ${pageUrl}`,
    '',
    business.name,
    business.phone,
    '',
  ].join('\n');
  const html = layout(
    subject,
    [
      heading(`Thank you: your ${noun} is approved`, total),
      paragraph(`Approved on ${escapeHtml(when)} by ${escapeHtml(estimate.approvedName ?? '')}.`),
      paragraph(
        `What happens next: ${escapeHtml(business.name)} will call you within two business days to schedule the work and the deposit.`,
      ),
      button(pageUrl, `View the signed ${noun}`),
      small(`The signed ${noun} is attached as a PDF.`),
    ].join(''),
  );
  return toHomeowner(settings, frozen, { subject, text, html }, signedPdf, true);
}

/** The owner's e-mail: an estimate approved (with the signed PDF), declined, or asked about. */
export function ownerEstimateMessage(
  estimate: EstimateForMessage,
  event: Exclude<EstimateEvent, 'sent' | 'viewed'>,
  settings: AlertSettings,
  extra: { question?: string; signedPdf?: Buffer },
): MailMessage {
  const { frozen } = estimate;
  const who = oneLine(frozen.homeowner.name);
  const requestUrl = `${settings.siteUrl}/owner/requests/${estimate.requestId}`;
  const title = paperTitle(frozen);
  const subject =
    event === 'approved'
      ? `${frozen.changeOrder ? title : 'Estimate'} approved: ${formatCents(estimate.approvedTotalCents ?? 0)} — ${who}`
      : event === 'declined'
        ? `${frozen.changeOrder ? title : 'Estimate'} declined — ${who}`
        : `Question on your ${frozen.changeOrder ? 'change order' : 'estimate'} — ${who}`;
  const lines =
    event === 'approved'
      ? [
          `${who} approved ${title.toLowerCase()} (${oneLine(frozen.project.type)}) for ${formatCents(estimate.approvedTotalCents ?? 0)}, signed "${oneLine(estimate.approvedName ?? '')}".`,
          frozen.changeOrder
            ? 'The job value now includes it. The signed PDF is attached.'
            : 'The request is now Won with that job value. The signed PDF is attached.',
        ]
      : event === 'declined'
        ? [
            `${who} declined ${title.toLowerCase()}: ${estimate.declineReason ? declineReasonLabels[estimate.declineReason] : 'no reason given'}.`,
            ...(estimate.declineComment ? [`Their comment: ${estimate.declineComment}`] : []),
          ]
        : [`${who} asked about ${title.toLowerCase()}:`, '', extra.question ?? ''];
  const text = [...lines, '', `Open the request: ${requestUrl}`, ''].join('\n');
  const html = layout(
    subject,
    [
      heading(subject, oneLine(frozen.project.type)),
      ...lines.filter(Boolean).map((line) => paragraph(escapeHtml(line))),
      button(requestUrl, 'Open the request'),
    ].join(''),
  );
  return {
    from: settings.from,
    to: settings.ownerEmail,
    ...(event === 'question' ? { replyTo: frozen.homeowner.email } : {}),
    subject,
    text,
    html,
    ...(extra.signedPdf
      ? {
          attachments: [
            { filename: pdfFileName(frozen, true), content: extra.signedPdf, contentType: 'application/pdf' },
          ],
        }
      : {}),
  };
}

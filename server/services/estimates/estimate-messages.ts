import { arizonaWrittenDay, arizonaWrittenTime } from '@shared/arizona-time';
import {
  declineReasonLabels,
  formatCents,
  longDay,
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
  `estimate-${frozen.version}${signed ? '-signed' : ''}.pdf`;

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
  return {
    from: settings.from,
    to: frozen.homeowner.email,
    subject,
    text,
    html,
    attachments: [{ filename: pdfFileName(frozen), content: pdf, contentType: 'application/pdf' }],
  };
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
  const subject = `Estimate approved: ${total} – ${business.name}`;
  const when = estimate.approvedAt ? arizonaWrittenTime(estimate.approvedAt) : '';
  const text = [
    `Hello ${firstName(frozen.homeowner.name)},`,
    '',
    `Thank you: you approved the estimate from ${business.name} for your ${oneLine(frozen.project.type).toLowerCase()} (${total}) on ${when}, signed ${oneLine(estimate.approvedName ?? '')}.`,
    '',
    `What happens next: ${business.name} will call you within two business days to schedule the work and the deposit.`,
    '',
    `The signed estimate is attached. It stays online at ${pageUrl}`,
    '',
    business.name,
    business.phone,
    '',
  ].join('\n');
  const html = layout(
    subject,
    [
      heading('Thank you: your estimate is approved', total),
      paragraph(`Approved on ${escapeHtml(when)} by ${escapeHtml(estimate.approvedName ?? '')}.`),
      paragraph(
        `What happens next: ${escapeHtml(business.name)} will call you within two business days to schedule the work and the deposit.`,
      ),
      button(pageUrl, 'View the signed estimate'),
      small('The signed estimate is attached as a PDF.'),
    ].join(''),
  );
  return {
    from: settings.from,
    to: frozen.homeowner.email,
    subject,
    text,
    html,
    attachments: [{ filename: pdfFileName(frozen, true), content: signedPdf, contentType: 'application/pdf' }],
  };
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
  const subject =
    event === 'approved'
      ? `Estimate approved: ${formatCents(estimate.approvedTotalCents ?? 0)} — ${who}`
      : event === 'declined'
        ? `Estimate declined — ${who}`
        : `Question on your estimate — ${who}`;
  const lines =
    event === 'approved'
      ? [
          `${who} approved estimate ${frozen.version} (${oneLine(frozen.project.type)}) for ${formatCents(estimate.approvedTotalCents ?? 0)}, signed "${oneLine(estimate.approvedName ?? '')}".`,
          'The request is now Won with that job value. The signed PDF is attached.',
        ]
      : event === 'declined'
        ? [
            `${who} declined estimate ${frozen.version}: ${estimate.declineReason ? declineReasonLabels[estimate.declineReason] : 'no reason given'}.`,
            ...(estimate.declineComment ? [`Their comment: ${estimate.declineComment}`] : []),
          ]
        : [`${who} asked about estimate ${frozen.version}:`, '', extra.question ?? ''];
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

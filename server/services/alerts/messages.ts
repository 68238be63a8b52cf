import { arizonaLongDateTime, plainSpaces } from '@shared/arizona-time';
import { defaultBusiness } from '@shared/content/business-facts';
import type { AlertPhoto, AlertSettings, MailMessage, QuoteForAlert } from './types';

/**
 * What the caller (the outbox worker) adds to a message. `messageId` should be stable per delivery,
 * e.g. `<${deliveryId}@rimcountrycarpentry.example>`, so a retry of a message that did go out is
 * recognisable as the same message; unset, nodemailer makes up a random one.
 */
export interface MessageOptions {
  messageId?: string;
}

/** `New quote: Deck in Payson (Dana Smith)`, sent to the owner's address with Reply-To the homeowner. */
export function ownerAlertMessage(
  quote: QuoteForAlert,
  settings: AlertSettings,
  photo?: AlertPhoto,
  options: MessageOptions = {},
): MailMessage {
  const name = oneLine(quote.name);
  const subject = `New quote: ${oneLine(quote.projectType)} in ${oneLine(quote.city)} (${name})`;
  const received = formatArizonaTime(quote.receivedAt);
  const tel = phoneHref(quote.phone);
  const replyHref = mailtoHref(quote.email, `Re: your ${oneLine(quote.projectType)} quote request`);
  const photoLink = safeLink(photo?.link ?? quote.photoUrl);
  const attached = photo?.attachment;
  const message = normalizeNewlines(quote.message ?? '').trim();
  const footer = `Sent by the quote form on ${siteHost(settings.siteUrl)}. Reply to this e-mail to answer ${name} directly.`;
  // The request in his app: signed in there on this phone, it opens signed in (client/src/owner/app/same-site-arrival.ts).
  const inbox = new URL(`/owner/requests/${quote.id}`, settings.siteUrl).toString();

  const photoText = photoLink
    ? `${photoLink}${attached ? ` (also attached: ${attached.filename})` : ''}`
    : quote.photoUrl
      ? '(a photo was sent, but its link is not usable)'
      : 'none';
  const text = [
    `New quote request from ${name}`,
    '',
    `Name:      ${name}`,
    `Phone:     ${oneLine(quote.phone)}`,
    `E-mail:    ${quote.email}`,
    `Project:   ${oneLine(quote.projectType)}`,
    `City:      ${oneLine(quote.city)}`,
    `Budget:    ${oneLine(quote.budgetRange)}`,
    `Received:  ${received}`,
    `Photo:     ${photoText}`,
    '',
    'Message:',
    message || '(none)',
    '',
    ...(tel ? [`Call:  tel:${tel}`, `Text:  sms:${tel}`] : []),
    `Reply: ${replyHref}`,
    `Open in your inbox: ${inbox}`,
    '',
    `Request id: ${quote.id}`,
    '--',
    footer,
    '',
  ].join('\n');

  const fields: [string, string][] = [
    ['Name', escapeHtml(name)],
    ['Phone', tel ? link(`tel:${tel}`, quote.phone) : escapeHtml(quote.phone)],
    ['E-mail', link(replyHref, quote.email)],
    ['Project', escapeHtml(quote.projectType)],
    ['City', escapeHtml(quote.city)],
    ['Budget', escapeHtml(quote.budgetRange)],
    ['Received', escapeHtml(received)],
    [
      'Photo',
      photoLink
        ? `${link(photoLink, 'Open the photo')}${attached ? ' (also attached)' : ''}`
        : escapeHtml(quote.photoUrl ? '(a photo was sent, but its link is not usable)' : 'none'),
    ],
  ];
  const html = layout(
    subject,
    [
      heading('New quote request', `${quote.projectType} in ${quote.city}, from ${name}`),
      ...(tel ? [button(`tel:${tel}`, `Call ${quote.phone}`), button(`sms:${tel}`, `Text ${quote.phone}`)] : []),
      button(replyHref, 'Reply by e-mail', 'secondary'),
      button(inbox, 'Open in your inbox', 'secondary'),
      fieldTable(fields),
      section('Message', message ? multiline(message) : '<em>(none)</em>'),
      small(`Request id: ${escapeHtml(quote.id)}<br>${escapeHtml(footer)}`),
    ].join('\n'),
  );

  return {
    ...options,
    from: settings.from,
    to: settings.ownerEmail,
    replyTo: { name, address: quote.email },
    subject,
    text,
    html,
    headers: { 'X-Quote-Request-Id': quote.id },
    ...(attached
      ? {
          attachments: [{ filename: attached.filename, contentType: attached.contentType, content: attached.content }],
        }
      : {}),
  };
}

/** The homeowner's receipt: what they asked for, when to expect an answer, the phone and ROC licence. */
export function confirmationMessage(
  quote: QuoteForAlert,
  settings: AlertSettings,
  options: MessageOptions = {},
  /** The request's booking page (server/services/visits), offered under the promise. */
  visitLink?: string,
): MailMessage {
  const business = settings.business ?? defaultBusiness;
  const name = oneLine(quote.name);
  const subject = `We received your quote request – ${business.name}`;
  const promise = `We ${business.responseTime}.`;
  const licence = `Arizona Registrar of Contractors license ${business.rocLicense}`;
  const summary: [string, string][] = [
    ['Project', oneLine(quote.projectType)],
    ['City', oneLine(quote.city)],
    ['Budget', oneLine(quote.budgetRange)],
  ];

  const text = [
    `Hello ${name},`,
    '',
    `Thank you for asking ${business.name} for a free quote. We received your request:`,
    '',
    ...summary.map(([label, value]) => `${`${label}:`.padEnd(9)}${value}`),
    '',
    promise,
    ...(visitLink ? ['', `Pick a time for your free on-site estimate: ${visitLink}`, ''] : []),
    `If you would like to add something, just reply to this e-mail, or call us at ${business.phoneDisplay}.`,
    '',
    business.name,
    business.phoneDisplay,
    licence,
    '',
  ].join('\n');

  const html = layout(
    subject,
    [
      heading(`Thank you, ${name}`, `${business.name} received your quote request.`),
      fieldTable(summary.map(([label, value]) => [label, escapeHtml(value)])),
      paragraph(escapeHtml(promise)),
      ...(visitLink ? [button(visitLink, 'Pick a time for your free on-site estimate')] : []),
      paragraph(
        `If you would like to add something, just reply to this e-mail, or call us at ${link(`tel:${business.phoneE164}`, business.phoneDisplay)}.`,
      ),
      small(`${escapeHtml(business.name)} · ${escapeHtml(business.phoneDisplay)}<br>${escapeHtml(licence)}`),
    ].join('\n'),
  );

  return {
    ...options,
    from: settings.from,
    to: { name, address: quote.email },
    replyTo: settings.ownerEmail,
    subject,
    text,
    html,
    // RFC 3834: tells the homeowner's vacation responder not to answer an automatic message.
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

/** `Sat, Jul 4, 2026, 2:05 PM (Arizona time)`. Arizona keeps MST all year (no DST). */
export function formatArizonaTime(date: Date): string {
  return `${plainSpaces(arizonaLongDateTime(date))} (Arizona time)`;
}

/**
 * The phone number as typed, in a form tel: and sms: links dial: +1XXXXXXXXXX for a US 10-digit
 * number, +<digits> when it was typed with a leading +. Null when there are too few digits to dial.
 */
export function phoneHref(phone: string): string | null {
  const number = phone.split(/\s*(?:ext\.?|x|#)\s*\d*\s*$/i)[0] ?? '';
  const digits = number.replace(/\D/g, '');
  if (number.trim().startsWith('+')) return digits.length >= 8 ? `+${digits}` : null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return digits.length >= 7 ? digits : null;
}

/** mailto: with a subject (RFC 6068: percent-encoded, spaces as %20, not +). */
export function mailtoHref(address: string, subject: string): string {
  const to = address.split('@').map(encodeURIComponent).join('@');
  return `mailto:${to}?subject=${encodeURIComponent(subject)}`;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => htmlEntities[char] ?? char);
}

const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Only http(s) links become clickable: a stored URL is untrusted text too. */
function safeLink(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function siteHost(siteUrl: string): string {
  try {
    return new URL(siteUrl).host;
  } catch {
    return siteUrl;
  }
}

/** Header-bound text (subject, display names) on one line: a typed newline must not start a header. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

function normalizeNewlines(value: string): string {
  return value.replace(/\r\n?/g, '\n');
}

// Mail HTML: nested tables, inline styles and web-safe fonts, because many mail apps drop <style>
// and ignore flex/grid; buttons are whole table cells so they are easy to tap on a phone.
const font = 'font-family:Arial,Helvetica,sans-serif;';
const colors = { page: '#f8f1e4', card: '#ffffff', ink: '#1e1b16', muted: '#5f574b', pine: '#2f5d3f', line: '#e8cfab' };

export function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background-color:${colors.page};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${colors.page};">
<tr><td align="center" style="padding:16px 8px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background-color:${colors.card};border-radius:8px;">
${body}
</table>
</td></tr>
</table>
</body>
</html>
`;
}

export function heading(title: string, subtitle: string): string {
  return `<tr><td style="padding:24px 20px 12px;${font}">
<h1 style="margin:0;font-size:22px;line-height:28px;color:${colors.ink};">${escapeHtml(title)}</h1>
<p style="margin:6px 0 0;font-size:16px;line-height:22px;color:${colors.muted};">${escapeHtml(subtitle)}</p>
</td></tr>`;
}

export function button(href: string, label: string, variant: 'primary' | 'secondary' = 'primary'): string {
  const background = variant === 'primary' ? colors.pine : colors.card;
  const color = variant === 'primary' ? '#ffffff' : colors.pine;
  return `<tr><td style="padding:6px 20px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr>
<td align="center" bgcolor="${background}" style="border:2px solid ${colors.pine};border-radius:6px;">
<a href="${escapeHtml(href)}" style="display:block;padding:14px 16px;${font}font-size:18px;line-height:24px;font-weight:bold;color:${color};text-decoration:none;">${escapeHtml(label)}</a>
</td></tr></table>
</td></tr>`;
}

/** Rows of [label, value]; values are HTML the caller already escaped. */
export function fieldTable(rows: [string, string][]): string {
  const cells = rows
    .map(
      ([label, value]) => `<tr>
<td valign="top" style="padding:8px 12px 8px 0;width:90px;${font}font-size:15px;line-height:22px;color:${colors.muted};border-bottom:1px solid ${colors.line};">${escapeHtml(label)}</td>
<td valign="top" style="padding:8px 0;${font}font-size:16px;line-height:22px;color:${colors.ink};border-bottom:1px solid ${colors.line};word-break:break-word;">${value}</td>
</tr>`,
    )
    .join('\n');
  return `<tr><td style="padding:12px 20px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
${cells}
</table>
</td></tr>`;
}

export function section(title: string, content: string): string {
  return `<tr><td style="padding:8px 20px;${font}">
<h2 style="margin:0 0 6px;font-size:16px;line-height:22px;color:${colors.muted};">${escapeHtml(title)}</h2>
<p style="margin:0;font-size:16px;line-height:24px;color:${colors.ink};word-break:break-word;">${content}</p>
</td></tr>`;
}

export function paragraph(content: string): string {
  return `<tr><td style="padding:8px 20px;${font}font-size:16px;line-height:24px;color:${colors.ink};">${content}</td></tr>`;
}

export function small(content: string): string {
  return `<tr><td style="padding:16px 20px 24px;${font}font-size:13px;line-height:19px;color:${colors.muted};">${content}</td></tr>`;
}

export function link(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" style="color:${colors.pine};text-decoration:underline;">${escapeHtml(label)}</a>`;
}

/** The homeowner's text, escaped, with its line breaks kept. */
function multiline(value: string): string {
  return escapeHtml(value).replace(/\n/g, '<br>\n');
}

/** The building blocks of the messages' HTML, for the other messages (the review request). */
export const mailHtml = { layout, heading, button, paragraph, small, link };

import { defaultBusiness } from '@shared/content/business-facts';
import { reviewPaths } from '@shared/schemas/reviews';
import { escapeHtml, mailHtml } from '../alerts/messages';
import type { AlertSettings, MailMessage, QuoteForAlert } from '../alerts/types';

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();
const firstName = (name: string) => oneLine(name).split(' ')[0] ?? '';

/**
 * The review request to the homeowner of a finished job (and, `reminder`, its one reminder):
 * thanks by name and project, and two links, a Google review and a review on the site. Everyone
 * gets both, whatever they think of the job: Google's rules forbid asking only happy customers
 * (no "gating"). The unsubscribe link (also as List-Unsubscribe, one click) stops all further requests.
 */
export function reviewRequestMessage(
  quote: QuoteForAlert,
  token: string,
  settings: AlertSettings,
  reminder = false,
): MailMessage {
  const business = settings.business ?? defaultBusiness;
  const link = (path: string) => new URL(path, settings.siteUrl).toString();
  const google = link(reviewPaths.google(token));
  const onSite = link(reviewPaths.review(token));
  const unsubscribe = link(reviewPaths.unsubscribe(token));
  const name = firstName(quote.name);
  const project = oneLine(quote.projectType).toLowerCase();
  const subject = reminder
    ? `A minute for a review? Your ${project} – ${business.name}`
    : `Thank you, ${name} – how did we do on your ${project}?`;
  const opening = reminder
    ? `A few days ago we asked how your ${project} in ${oneLine(quote.city)} turned out. If you have a minute, a few words help more than you might think.`
    : `Thank you for choosing ${business.name} for your ${project} in ${oneLine(quote.city)}. It was a pleasure to work on.`;
  const ask =
    'Would you tell others how we did? Neighbors read reviews before they call, and every one helps a small local business.';

  const text = [
    `Hello ${name},`,
    '',
    opening,
    '',
    ask,
    '',
    `Leave a review on Google: ${google}`,
    `Or tell us on our website: ${onSite}`,
    '',
    'Thank you,',
    business.ownerName,
    business.name,
    business.phoneDisplay,
    '',
    `No more review requests: ${unsubscribe}`,
    '',
  ].join('\n');

  const { layout, heading, button, paragraph, small } = mailHtml;
  const html = layout(
    subject,
    [
      heading(`Thank you, ${name}`, `Your ${project} in ${oneLine(quote.city)}`),
      paragraph(escapeHtml(opening)),
      paragraph(escapeHtml(ask)),
      button(google, 'Leave a review on Google'),
      button(onSite, 'Tell us on our website', 'secondary'),
      paragraph(
        `Thank you,<br>${escapeHtml(business.ownerName)}<br>${escapeHtml(business.name)} · ${escapeHtml(business.phoneDisplay)}`,
      ),
      small(`Rather not get review requests? ${mailHtml.link(unsubscribe, 'Unsubscribe')}.`),
    ].join('\n'),
  );

  return {
    from: settings.from,
    to: { name: oneLine(quote.name), address: quote.email },
    replyTo: settings.ownerEmail,
    subject,
    text,
    html,
    headers: {
      'Auto-Submitted': 'auto-generated',
      // RFC 8058: the mail app's own Unsubscribe button posts here, once.
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

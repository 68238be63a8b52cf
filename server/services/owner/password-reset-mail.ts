import { business } from '@shared/content/business';
import { resetLinkMinutes } from '@shared/schemas/owner-password-reset';
import { formatArizonaTime, mailHtml } from '../alerts/messages';
import type { MailMessage } from '../alerts/types';
import { oneTimeLinkMail, type OneTimeLinkMailDeps } from './one-time-link-mail';

/**
 * The owner's address for reset links: the alerts' address (the E-mail saved in /owner/settings,
 * else OWNER_EMAIL, else business.ts's), as server/index.ts passes it.
 */
export async function ownerResetAddress(settings: { ownerEmail?: string | null }): Promise<string | null> {
  return settings.ownerEmail?.trim() || null;
}

/** The link was used, withdrawn by another that set the password, or ran out before it went: nothing to send. */
export class ResetLinkGone extends Error {}

/** Sends the outbox's owner_password_reset deliveries (one-time-link-mail.ts). */
export function createPasswordResetMail(deps: OneTimeLinkMailDeps) {
  return oneTimeLinkMail(deps, {
    what: 'reset',
    table: 'owner_password_resets',
    path: (token) => `/owner/reset/${token}`,
    message: passwordResetMessage,
    Gone: ResetLinkGone,
  });
}

/** `Set a new password for the Rim Country Carpentry inbox`, to the owner: the link and when it runs out. */
export function passwordResetMessage(options: {
  from: string;
  to: string;
  link: string;
  expiresAt: Date;
}): MailMessage {
  const { link, expiresAt } = options;
  const until = formatArizonaTime(expiresAt);
  const subject = `Set a new password for the ${business.name} inbox`;
  const text = [
    `“Forgot the password?” was tapped on the sign-in page of your inbox.`,
    '',
    `Set a new password here (the link works once, for ${resetLinkMinutes} minutes, until ${until}):`,
    link,
    '',
    'Setting it signs you in there and signs out every other phone and computer; turn notifications on again where you want them.',
    '',
    'Did not ask for it? Ignore this e-mail: the password stays as it is.',
    '',
  ].join('\n');
  const { layout, heading, button, paragraph, small } = mailHtml;
  const html = layout(
    subject,
    [
      heading('Set a new password', `For the ${business.name} inbox`),
      paragraph(`The link works once, for ${resetLinkMinutes} minutes (until ${until}).`),
      button(link, 'Set a new password'),
      paragraph(
        'Setting it signs you in there and signs out every other phone and computer; turn notifications on again where you want them.',
      ),
      small('Did not ask for it? Ignore this e-mail: the password stays as it is.'),
    ].join('\n'),
  );
  return {
    from: options.from,
    to: options.to,
    subject,
    text,
    html,
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

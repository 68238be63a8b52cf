import type { MailMessage } from '../alerts/types';

/**
 * Sent to the old address when the owner changes the site's E-mail in /owner/settings: whoever
 * reads it learns of the change (and, if it was not him, that someone knew his password).
 */
export function ownerEmailChangedMessage(
  change: { previous: string; next: string },
  settings: { from: string; siteUrl: string },
): MailMessage {
  return {
    from: settings.from,
    to: change.previous,
    subject: 'The e-mail address of your website was changed',
    text: [
      `The e-mail address shown on ${settings.siteUrl} was changed from ${change.previous} to ${change.next}`,
      "in the settings of the owner's app. Alerts, reminders and password-reset links now go to the new address.",
      '',
      'If you did not make this change, sign in at ' + `${settings.siteUrl}/owner`,
      'and change your password, then put your address back under Settings.',
    ].join('\n'),
  };
}

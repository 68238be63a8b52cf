import { business } from '@shared/content/business';
import { formatArizonaTime, mailHtml } from '../alerts/messages';
import type { MailMessage, Mailer } from '../alerts/types';
import type { ClaimedOwnMessage } from '../outbox/outbox-worker';

/**
 * Sends the outbox's owner_password_changed deliveries, written with the new password a reset link
 * set (password-reset.ts): the owner learns of it at his address, so a change he did not make does
 * not go unseen. The time is the delivery's own (when the password was set).
 */
export function createPasswordChangedMail(deps: {
  mailer: Mailer;
  settings: { from: string; siteUrl: string };
  /** Where his mail goes, read when the message is sent (server/index.ts). */
  address: () => Promise<string | null>;
}) {
  const { mailer, settings } = deps;
  const domain = /@([^>\s]+)>?\s*$/.exec(settings.from)?.[1] ?? 'localhost';
  return {
    async deliver(message: ClaimedOwnMessage): Promise<void> {
      const to = await deps.address();
      if (!to) throw new Error('The owner has no e-mail address for the notice');
      await mailer.send({
        ...passwordChangedMessage({ from: settings.from, to, siteUrl: settings.siteUrl, at: message.createdAt }),
        messageId: `<${message.id}@${domain}>`,
      });
    },
  };
}

/** `Your inbox password was changed`, to the owner: when, and what to do if it was not him. */
export function passwordChangedMessage(options: { from: string; to: string; siteUrl: string; at: Date }): MailMessage {
  const when = formatArizonaTime(options.at);
  const signIn = new URL('/owner', options.siteUrl).toString();
  const subject = `Your ${business.name} inbox password was changed`;
  const done = `The password of your inbox was changed on ${when}, with a link from “Forgot the password?”.`;
  const after = 'Every other phone and computer was signed out; the one that set it stays signed in.';
  const notYou = `Not you? Open ${signIn}, tap “Forgot the password?” and set a new one: the link comes to this address.`;
  const text = [done, '', after, '', notYou, ''].join('\n');
  const { layout, heading, paragraph, small } = mailHtml;
  const html = layout(
    subject,
    [
      heading('Your password was changed', `For the ${business.name} inbox`),
      paragraph(done),
      paragraph(after),
      small(notYou),
    ].join('\n'),
  );
  return { from: options.from, to: options.to, subject, text, html, headers: { 'Auto-Submitted': 'auto-generated' } };
}

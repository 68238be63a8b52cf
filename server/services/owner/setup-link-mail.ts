import { business } from '@shared/content/business';
import { setupLinkHours, setupPath } from '@shared/schemas/owner-setup';
import { formatArizonaTime, mailHtml } from '../alerts/messages';
import type { MailMessage } from '../alerts/types';
import { ownerPasswordHash } from './owner-sessions';
import { oneTimeLinkMail, type OneTimeLinkMailDeps } from './one-time-link-mail';

/** The site got its password before the e-mail went, or the link ran out: nothing to send. */
export class SetupLinkGone extends Error {}

/** Sends the outbox's owner_setup_link deliveries: the owner's first set-up link (one-time-link-mail.ts). */
export function createSetupLinkMail(deps: OneTimeLinkMailDeps) {
  return oneTimeLinkMail(deps, {
    what: 'set-up',
    table: 'owner_setup_links',
    wanted: async () => (await ownerPasswordHash(deps.database.db)) === null,
    path: setupPath,
    message: setupLinkMessage,
    Gone: SetupLinkGone,
  });
}

/** `Set the password of your Rim Country Carpentry inbox`: the set-up link and until when it works. */
export function setupLinkMessage(options: { from: string; to: string; link: string; expiresAt: Date }): MailMessage {
  const subject = `Set the password of your ${business.name} inbox`;
  const said = [
    'Your website is online and can send e-mail. Its inbox has no password yet: choose yours here.',
    `The link works once, for ${setupLinkHours} hours (until ${formatArizonaTime(options.expiresAt)}).`,
  ];
  const closing =
    'Setting it signs you in there. Did not expect this e-mail? Ignore it: only this link sets the password.';
  const { layout, heading, button, paragraph, small } = mailHtml;
  const body = [heading('Set your password', `For the ${business.name} inbox`), ...said.map((line) => paragraph(line))];
  return {
    from: options.from,
    to: options.to,
    subject,
    text: [...said, options.link, closing, ''].join('\n\n'),
    html: layout(subject, [...body, button(options.link, 'Set your password'), small(closing)].join('\n')),
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { business } from '@shared/content/business';
import { setupLinkHours, setupPath } from '@shared/schemas/owner-setup';
import type { DatabaseHandle } from '../../db/client';
import { ownerSetupLinks } from '../../db/schema';
import { formatArizonaTime, mailHtml } from '../alerts/messages';
import type { MailMessage, Mailer } from '../alerts/types';
import type { ClaimedOwnMessage } from '../outbox/outbox-worker';
import { ownerPasswordHash } from './owner-sessions';
import { resetTokenHash } from './password-reset';

/** The site got its password before the e-mail went, or the link ran out: nothing to send. */
export class SetupLinkGone extends Error {}

/**
 * Sends the outbox's owner_setup_link deliveries: the owner's first set-up link, to his address.
 * As with the reset link (password-reset-mail.ts), the token is made at each try and only its hash
 * is stored, so nothing in the database, a backup or a log rebuilds the e-mailed link.
 */
export function createSetupLinkMail(deps: {
  database: DatabaseHandle;
  mailer: Mailer;
  settings: { from: string; siteUrl: string };
  address: () => Promise<string | null>;
  now?: () => Date;
}) {
  const { database, mailer, settings } = deps;
  const now = deps.now ?? (() => new Date());

  async function deliver(message: ClaimedOwnMessage): Promise<void> {
    const to = await deps.address();
    if (!to) throw new Error('The owner has no e-mail address for the set-up link');
    if (await ownerPasswordHash(database.db)) throw new SetupLinkGone('The site has its owner password already');
    const token = randomBytes(32).toString('base64url');
    const [link] = await database.db
      .update(ownerSetupLinks)
      .set({ tokenHash: resetTokenHash(token) })
      .where(
        and(
          eq(ownerSetupLinks.deliveryId, message.id),
          isNull(ownerSetupLinks.usedAt),
          gt(ownerSetupLinks.expiresAt, now()),
        ),
      )
      .returning({ expiresAt: ownerSetupLinks.expiresAt });
    if (!link) throw new SetupLinkGone('The set-up link was used or ran out before it could be sent');
    const url = new URL(setupPath(token), settings.siteUrl).toString();
    await mailer.send({
      ...setupLinkMessage({ from: settings.from, to, link: url, expiresAt: link.expiresAt }),
      messageId: `<${message.id}.${message.attempt}@${/@([^>\s]+)>?\s*$/.exec(settings.from)?.[1] ?? 'localhost'}>`,
    });
  }

  return { deliver, isPermanent: (error: unknown) => error instanceof SetupLinkGone };
}

/** `Set the password of your Rim Country Carpentry inbox`: the set-up link and until when it works. */
export function setupLinkMessage(options: { from: string; to: string; link: string; expiresAt: Date }): MailMessage {
  const until = formatArizonaTime(options.expiresAt);
  const subject = `Set the password of your ${business.name} inbox`;
  const works = `The link works once, for ${setupLinkHours} hours (until ${until}).`;
  const text = [
    'Your website is online and can send e-mail. Its inbox has no password yet: choose yours here.',
    '',
    works,
    options.link,
    '',
    'Setting it signs you in there. Did not expect this e-mail? Ignore it: only this link sets the password.',
    '',
  ].join('\n');
  const { layout, heading, button, paragraph, small } = mailHtml;
  const html = layout(
    subject,
    [
      heading('Set your password', `For the ${business.name} inbox`),
      paragraph('Your website is online and can send e-mail. Its inbox has no password yet: choose yours here.'),
      paragraph(works),
      button(options.link, 'Set your password'),
      small('Setting it signs you in there. Did not expect this e-mail? Ignore it: only this link sets the password.'),
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

import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { business } from '@shared/content/business';
import { resetLinkMinutes } from '@shared/schemas/owner-password-reset';
import type { DatabaseHandle } from '../../db/client';
import { ownerPasswordResets } from '../../db/schema';
import { formatArizonaTime, mailHtml } from '../alerts/messages';
import type { MailMessage, Mailer } from '../alerts/types';
import type { ClaimedOwnMessage } from '../outbox/outbox-worker';
import { resetTokenHash } from './password-reset';

/**
 * The owner's address for reset links: the alerts' address (the E-mail saved in /owner/settings,
 * else OWNER_EMAIL, else business.ts's), as server/index.ts passes it.
 */
export async function ownerResetAddress(settings: { ownerEmail?: string | null }): Promise<string | null> {
  return settings.ownerEmail?.trim() || null;
}

/** The link was used, withdrawn by another that set the password, or ran out before it went: nothing to send. */
export class ResetLinkGone extends Error {}

/**
 * Sends the outbox's owner_password_reset deliveries. The token is made here, at each try, and
 * only its hash is stored (in the same row that counts the link): nothing in the database, a
 * backup or a log can rebuild the link. A try that fails leaves a hash no e-mail carries; the next
 * try makes a new token. Should a crash make the outbox send one twice (its at-least-once window),
 * the later e-mail's link is the one that works; each try has its own Message-ID, so a mail app
 * does not hide the later one as a copy of the first.
 */
export function createPasswordResetMail(deps: {
  database: DatabaseHandle;
  mailer: Mailer;
  settings: { from: string; siteUrl: string };
  address: () => Promise<string | null>;
  now?: () => Date;
}) {
  const { database, mailer, settings } = deps;
  const now = deps.now ?? (() => new Date());
  const domain = /@([^>\s]+)>?\s*$/.exec(settings.from)?.[1] ?? 'localhost';

  async function deliver(message: ClaimedOwnMessage): Promise<void> {
    const to = await deps.address();
    if (!to) throw new Error('The owner has no e-mail address for the reset link');
    const token = randomBytes(32).toString('base64url');
    const at = now();
    const [reset] = await database.db
      .update(ownerPasswordResets)
      .set({ tokenHash: resetTokenHash(token) })
      .where(
        and(
          eq(ownerPasswordResets.deliveryId, message.id),
          isNull(ownerPasswordResets.usedAt),
          gt(ownerPasswordResets.expiresAt, at),
        ),
      )
      .returning({ expiresAt: ownerPasswordResets.expiresAt });
    if (!reset) throw new ResetLinkGone('The reset link was used, withdrawn or ran out before it could be sent');
    const link = new URL(`/owner/reset/${token}`, settings.siteUrl).toString();
    await mailer.send({
      ...passwordResetMessage({ from: settings.from, to, link, expiresAt: reset.expiresAt }),
      messageId: `<${message.id}.${message.attempt}@${domain}>`,
    });
  }

  return {
    deliver,
    isPermanent: (error: unknown) => error instanceof ResetLinkGone,
  };
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

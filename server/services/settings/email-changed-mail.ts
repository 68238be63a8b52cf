import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';
import { ownerEmailChanges } from '../../db/schema';
import type { Mailer } from '../alerts/types';
import type { ClaimedOwnMessage } from '../outbox/outbox-worker';
import { ownerEmailChangedMessage } from './settings-messages';

/** The change the delivery was written for is gone (deleted with its delivery): nothing to send. */
export class EmailChangeGone extends Error {}

/**
 * Sends the outbox's owner_email_changed deliveries: the notice to the old address of the
 * site's E-mail, written with the change (server/services/settings/site-settings.ts). Each try has
 * the delivery's Message-ID, so a mail app shows a retry sent twice as one message.
 */
export function createEmailChangedMail(deps: {
  database: DatabaseHandle;
  mailer: Mailer;
  settings: { from: string; siteUrl: string };
}) {
  const { database, mailer, settings } = deps;
  const domain = /@([^>\s]+)>?\s*$/.exec(settings.from)?.[1] ?? 'localhost';
  return {
    async deliver(message: ClaimedOwnMessage): Promise<void> {
      const [change] = await database.db
        .select()
        .from(ownerEmailChanges)
        .where(eq(ownerEmailChanges.deliveryId, message.id));
      if (!change) throw new EmailChangeGone('The change of e-mail address this notice told of is gone');
      await mailer.send({
        ...ownerEmailChangedMessage({ previous: change.previousEmail, next: change.nextEmail }, settings),
        messageId: `<${message.id}@${domain}>`,
      });
    },
    isPermanent: (error: unknown) => error instanceof EmailChangeGone,
  };
}

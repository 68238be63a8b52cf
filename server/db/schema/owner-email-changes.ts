import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { deliveries } from './requests';
import { generatedId, createdAt } from './columns';

/**
 * The site's E-mail changed in /owner/settings (server/services/settings/site-settings.ts): the
 * notice to the old address, written with the change in one transaction and sent by the outbox
 * (a delivery of kind owner_email_changed), so that it is retried until the mail server takes it.
 */
export const ownerEmailChanges = pgTable('owner_email_changes', {
  id: generatedId(),
  /** The e-mail in the outbox that tells the old address. */
  deliveryId: uuid('delivery_id').references(() => deliveries.id, { onDelete: 'set null' }),
  previousEmail: text('previous_email').notNull(),
  nextEmail: text('next_email').notNull(),
  createdAt: createdAt(),
});

export type OwnerEmailChangeRow = typeof ownerEmailChanges.$inferSelect;

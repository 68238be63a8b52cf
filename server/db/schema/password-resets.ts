import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { deliveries } from './requests';
import { generatedId, zonedTime, createdAt } from './columns';

/**
 * "Forgot the password?" (server/services/owner/password-reset.ts): one row per link asked for.
 * The link's token is made when the outbox sends the e-mail and only its SHA-256 is kept here, so
 * a copy of the database (or a backup) opens nothing. The rows also count the links asked for
 * (per device and hour, and per day), in the database so that every server counts the same ones.
 */
export const ownerPasswordResets = pgTable(
  'owner_password_resets',
  {
    id: generatedId(),
    /** The e-mail in the outbox that carries the link (a delivery of kind owner_password_reset). */
    deliveryId: uuid('delivery_id').references(() => deliveries.id, { onDelete: 'set null' }),
    /** SHA-256 of the device that asked (its device cookie's id, or its address): counted, never shown. */
    requestedBy: text('requested_by').notNull(),
    /** Asked for from a device the owner signed in on: counted on its own, never in the strangers' day. */
    fromKnownDevice: boolean('from_known_device').notNull().default(false),
    /** SHA-256 of the link's token; null until the e-mail is sent (a new one on each try). */
    tokenHash: text('token_hash').unique(),
    createdAt: createdAt(),
    expiresAt: zonedTime('expires_at').notNull(),
    /** When the link set a password, or was withdrawn because another one did. */
    usedAt: zonedTime('used_at'),
  },
  (table) => [index('owner_password_resets_created_at_idx').on(table.createdAt)],
);

export type OwnerPasswordResetRow = typeof ownerPasswordResets.$inferSelect;

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { deliveries } from './requests';

/**
 * The owner's first password without a shell (server/services/owner/setup-link.ts): a start with
 * no password makes a link `/owner/setup/<token>` (one use, 24 hours) and writes it to the log;
 * the e-mail of one, once mail works, makes its own token as it is sent. Only the token's SHA-256
 * is kept, and the table is never backed up nor restored (restore-policy.ts).
 */
export const ownerSetupLinks = pgTable(
  'owner_setup_links',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** SHA-256 of the token; null for an e-mailed link until its e-mail goes (a new one at each try). */
    tokenHash: text('token_hash').unique(),
    /** The e-mail that carries it (a delivery of kind owner_setup_link); null for the logged one. */
    deliveryId: uuid('delivery_id').references(() => deliveries.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When it set the password, or was withdrawn because a password was set. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('owner_setup_links_created_at_idx').on(table.createdAt)],
);

/**
 * How the site sends e-mail, as the owner set it in Settings (E-mail sending): one row, which
 * takes the place of SMTP_URL on every server as soon as it is saved. The password is sealed
 * (AES-256-GCM) with a key kept in a file of DATA_DIR that backups leave out
 * (server/services/mail-settings/secret-box.ts): a backup, or a copy of the database, never
 * holds it in the clear.
 */
export const mailSettings = pgTable(
  'mail_settings',
  {
    id: integer('id').primaryKey().default(1),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    /** TLS from the first byte (port 465); otherwise STARTTLS, which the server must offer. */
    secure: boolean('secure').notNull(),
    username: text('username'),
    /** The sealed password (secret-box.ts); null when the server takes no password. */
    passwordSealed: text('password_sealed'),
    /** The sender: `Name <address>` or an address; its domain is the one Check my domain looks at. */
    fromAddress: text('from_address').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('mail_settings_one_row', sql`${table.id} = 1`),
    check('mail_settings_port', sql`${table.port} between 1 and 65535`),
  ],
);

export type MailSettingsRow = typeof mailSettings.$inferSelect;

import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { generatedId, zonedTime, createdAt } from './columns';

/**
 * The owner's password, as a slow hash only (server/services/owner/password-hash.ts). One row at
 * most: `npm run owner:password` replaces it.
 */
export const ownerCredentials = pgTable(
  'owner_credentials',
  {
    id: integer('id').primaryKey().default(1),
    passwordHash: text('password_hash').notNull(),
    updatedAt: zonedTime('updated_at').notNull().defaultNow(),
  },
  (table) => [check('owner_credentials_one_row', sql`${table.id} = 1`)],
);

/**
 * Signed-in owner sessions, shared by every server instance on the database. The cookie holds a
 * random token; only its SHA-256 is stored, so a copy of the database signs no one in.
 */
export const ownerSessions = pgTable(
  'owner_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    createdAt: createdAt(),
    lastSeenAt: zonedTime('last_seen_at').notNull().defaultNow(),
    /** lastSeenAt plus the idle lifetime: moved forward as the owner uses the inbox. */
    expiresAt: zonedTime('expires_at').notNull(),
  },
  (table) => [index('owner_sessions_expires_at_idx').on(table.expiresAt)],
);

/** The owner's devices that get Web Push notifications: one row per browser subscription. */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: generatedId(),
  /** The push service's URL for this device; a capability, unique per subscription. */
  endpoint: text('endpoint').notNull().unique(),
  /** The browser's P-256 public key and auth secret (base64url), for RFC 8291 encryption. */
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  /** "iPhone · Safari": how the device is named in the inbox. */
  label: text('label').notNull(),
  createdAt: createdAt(),
});

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * The server's VAPID key pair, created once (unless VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are set):
 * every subscription is bound to this public key, so it must not change. One row at most.
 */
export const vapidKeys = pgTable(
  'vapid_keys',
  {
    id: integer('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [check('vapid_keys_one_row', sql`${table.id} = 1`)],
);

/**
 * Secrets a server creates at its first start and every server on the database shares, by name:
 * `contact-tap-salt` salts the short-lived hash that counts a visitor's tap once.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Columns many tables share, written once. They make the same SQL as the columns written out did:
 * `npm run db:generate` finds nothing new.
 */

/** A uuid key the database makes (gen_random_uuid()). */
export const generatedId = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);

/** A moment with its time zone (timestamptz). */
export const zonedTime = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written. */
export const createdAt = () => zonedTime('created_at').notNull().defaultNow();

import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const quoteRequests = pgTable('quote_requests', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  projectType: text('project_type').notNull(),
  city: text('city').notNull(),
  budgetRange: text('budget_range').notNull(),
  photoUrl: text('photo_url'),
  message: text('message'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type QuoteRequestRow = typeof quoteRequests.$inferSelect;
export type NewQuoteRequestRow = typeof quoteRequests.$inferInsert;

-- Who booked a visit, for VISIT_LIMIT_PER_ADDRESS: a salted hash of the client's address as the
-- rate limit sees it (server/services/visits/visit-limits.ts), never the address. NULL for visits
-- the owner books and those booked before this column.
ALTER TABLE "visits" ADD COLUMN "booked_from" text;--> statement-breakpoint
CREATE INDEX "visits_booked_from_idx" ON "visits" USING btree ("booked_from") WHERE "status" = 'booked';

-- Who cancelled a visit, and the owner's reason when he typed one (both told to the homeowner in
-- the cancellation e-mail),
-- and when a homeowner's question (her note asked on an estimate's page) was answered: until then
-- the request waits for him in the inbox like a New one.
ALTER TABLE "visits" ADD COLUMN "cancelled_by" text;
--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "cancel_reason" text;
--> statement-breakpoint
ALTER TABLE "quote_request_notes" ADD COLUMN "answered_at" timestamp with time zone;

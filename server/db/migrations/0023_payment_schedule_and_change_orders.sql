-- After the yes: an estimate's payment schedule (schedule, parts in thousandths of a percent or
-- cents), and change orders, papers of the same table that refer to the approved estimate
-- (kind 'change-order', change_of) with a reason and days added. A change order's own total may
-- be a credit (below zero); one approved estimate per request still holds, change orders aside.
-- The owner's default schedule lives with his estimate settings.
ALTER TABLE "estimates" ADD COLUMN "schedule" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "kind" text DEFAULT 'estimate' NOT NULL;
--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "change_of" uuid;
--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "change_reason" text;
--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "days_added" integer;
--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_change_of_estimates_id_fk" FOREIGN KEY ("change_of") REFERENCES "public"."estimates"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_kind" CHECK ("estimates"."kind" in ('estimate', 'change-order'));
--> statement-breakpoint
ALTER TABLE "estimates" DROP CONSTRAINT "estimates_total";
--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_total" CHECK ("estimates"."total_cents" between -1000000000 and 1000000000);
--> statement-breakpoint
DROP INDEX "estimates_one_approved_per_request";
--> statement-breakpoint
CREATE UNIQUE INDEX "estimates_one_approved_per_request" ON "estimates" USING btree ("quote_request_id") WHERE "estimates"."status" = 'approved' and "estimates"."kind" = 'estimate';
--> statement-breakpoint
ALTER TABLE "estimate_settings" ADD COLUMN "default_schedule" jsonb DEFAULT '[]'::jsonb NOT NULL;

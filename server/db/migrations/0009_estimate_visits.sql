CREATE TABLE "visit_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_blocks_ends_after_start" CHECK ("visit_blocks"."ends_at" > "visit_blocks"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "visit_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"weekly" jsonb NOT NULL,
	"window_minutes" integer NOT NULL,
	"horizon_days" integer NOT NULL,
	"notice_hours" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_settings_one_row" CHECK ("visit_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_request_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"address" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "visit_event" text;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_quote_request_id_quote_requests_id_fk" FOREIGN KEY ("quote_request_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_blocks_ends_at_idx" ON "visit_blocks" USING btree ("ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "visits_one_per_window" ON "visits" USING btree ("starts_at") WHERE "visits"."status" = 'booked';--> statement-breakpoint
CREATE UNIQUE INDEX "visits_one_per_request" ON "visits" USING btree ("quote_request_id") WHERE "visits"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "visits_request_idx" ON "visits" USING btree ("quote_request_id");
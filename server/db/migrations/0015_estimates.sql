CREATE TABLE "estimates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_request_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"token" text NOT NULL,
	"items" jsonb NOT NULL,
	"tax_rate_milli" integer DEFAULT 0 NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"valid_until" date NOT NULL,
	"total_cents" bigint NOT NULL,
	"frozen" jsonb,
	"content_hash" text,
	"replaced_by" uuid,
	"sent_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"approved_name" text,
	"approved_options" jsonb,
	"approved_total_cents" bigint,
	"approved_ip" text,
	"approved_user_agent" text,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"decline_comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estimates_total" CHECK ("estimates"."total_cents" between 0 and 1000000000),
	CONSTRAINT "estimates_approved_total" CHECK ("estimates"."approved_total_cents" between 0 and 1000000000),
	CONSTRAINT "estimates_sent_frozen" CHECK ("estimates"."status" = 'draft' or ("estimates"."frozen" is not null and "estimates"."sent_at" is not null)),
	CONSTRAINT "estimates_approval_recorded" CHECK ("estimates"."status" <> 'approved' or ("estimates"."approved_at" is not null and "estimates"."approved_name" is not null and "estimates"."content_hash" is not null))
);
--> statement-breakpoint
CREATE TABLE "estimate_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"tax_rate_milli" integer NOT NULL,
	"follow_up_days" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estimate_settings_one_row" CHECK ("estimate_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_quote_request_id_quote_requests_id_fk" FOREIGN KEY ("quote_request_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "estimates_request_version" ON "estimates" USING btree ("quote_request_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "estimates_token" ON "estimates" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "estimates_one_approved_per_request" ON "estimates" USING btree ("quote_request_id") WHERE "estimates"."status" = 'approved';--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "estimate_id" uuid;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "estimate_event" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_request_notes" ADD COLUMN "author" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_request_notes" ADD CONSTRAINT "quote_request_notes_author" CHECK ("quote_request_notes"."author" in ('owner', 'homeowner'));

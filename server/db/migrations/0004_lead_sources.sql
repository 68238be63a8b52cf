CREATE TABLE "contact_taps" (
	"day" date NOT NULL,
	"source" text NOT NULL,
	"page" text NOT NULL,
	"kind" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "contact_taps_day_source_page_kind_pk" PRIMARY KEY("day","source","page","kind")
);
--> statement-breakpoint
CREATE TABLE "quote_request_sources" (
	"quote_request_id" uuid PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"medium" text NOT NULL,
	"campaign" text,
	"landing_page" text,
	"referrer" text,
	"captured_by" text NOT NULL,
	"touches" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quote_request_sources" ADD CONSTRAINT "quote_request_sources_quote_request_id_quote_requests_id_fk" FOREIGN KEY ("quote_request_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_request_sources_source_idx" ON "quote_request_sources" USING btree ("source");
CREATE TABLE "marketing_spend" (
	"month" text NOT NULL,
	"source" text NOT NULL,
	"amount" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_spend_month_source_pk" PRIMARY KEY("month","source"),
	CONSTRAINT "marketing_spend_month" CHECK ("marketing_spend"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "marketing_spend_amount" CHECK ("marketing_spend"."amount" between 0 and 10000000)
);
--> statement-breakpoint
CREATE TABLE "quote_request_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quote_request_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"quote_request_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"status" text,
	"amount" integer,
	"lost_reason" text,
	"via" text,
	"device" text
);
--> statement-breakpoint
ALTER TABLE "quote_request_states" ADD COLUMN "estimate_amount" integer;--> statement-breakpoint
ALTER TABLE "quote_request_states" ADD COLUMN "job_value" integer;--> statement-breakpoint
ALTER TABLE "quote_request_states" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "quote_request_states" ADD COLUMN "won_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quote_request_events" ADD CONSTRAINT "quote_request_events_quote_request_id_quote_requests_id_fk" FOREIGN KEY ("quote_request_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_request_events_request_idx" ON "quote_request_events" USING btree ("quote_request_id","id");--> statement-breakpoint
ALTER TABLE "quote_request_states" ADD CONSTRAINT "quote_request_states_estimate_amount" CHECK ("quote_request_states"."estimate_amount" between 0 and 10000000);--> statement-breakpoint
ALTER TABLE "quote_request_states" ADD CONSTRAINT "quote_request_states_job_value" CHECK ("quote_request_states"."job_value" between 0 and 10000000);--> statement-breakpoint
-- A request already won was won when its status last changed: its won date, for the CSV and the conversions.
UPDATE "quote_request_states" SET "won_at" = "updated_at" WHERE "status" = 'won';

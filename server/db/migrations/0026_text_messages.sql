-- Texts to and from homeowners through the owner's Twilio account (server/services/texts): his
-- account as he saved it in Settings (text_settings, one row; the auth token sealed like the mail
-- password), consent and STOP per number in E.164 (text_numbers), every text both ways
-- (text_messages, on her request or, from a number with no request, on a thread of its own),
-- and the outgoing ones as outbox deliveries of kind 'text' (a thread's have no request). A
-- homeowner's answer C to the reminder confirms her visit (visits.confirmed; it stays 'booked').
CREATE TABLE "text_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"account_sid" text NOT NULL,
	"auth_token_sealed" text NOT NULL,
	"sender" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "text_settings_one_row" CHECK ("text_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "text_numbers" (
	"phone" text PRIMARY KEY NOT NULL,
	"consented_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_request_id" uuid,
	"phone" text NOT NULL,
	"direction" text NOT NULL,
	"body" text NOT NULL,
	"purpose" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"twilio_sid" text,
	"delivery_id" uuid,
	"visit_starts_at" timestamp with time zone,
	"estimate_id" uuid,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "text_messages_twilio_sid_unique" UNIQUE("twilio_sid"),
	CONSTRAINT "text_messages_direction" CHECK ("text_messages"."direction" in ('in', 'out'))
);
--> statement-breakpoint
ALTER TABLE "text_messages" ADD CONSTRAINT "text_messages_quote_request_id_quote_requests_id_fk" FOREIGN KEY ("quote_request_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "text_messages" ADD CONSTRAINT "text_messages_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "text_messages_request_idx" ON "text_messages" USING btree ("quote_request_id","created_at");
--> statement-breakpoint
CREATE INDEX "text_messages_phone_idx" ON "text_messages" USING btree ("phone","created_at");
--> statement-breakpoint
CREATE INDEX "text_messages_delivery_idx" ON "text_messages" USING btree ("delivery_id");
--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "confirmed" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "deliveries" DROP CONSTRAINT "deliveries_request_unless_own";
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_request_unless_own"
  CHECK ("deliveries"."quote_request_id" is not null or "deliveries"."kind" in ('owner_password_reset', 'owner_email_changed', 'owner_password_changed', 'owner_setup_link', 'text'));

-- The notice to the old address when the owner changes the site's E-mail goes through the outbox
-- like every other message: a message of the site's own (no quote request), with the change it
-- tells of in owner_email_changes.
ALTER TABLE "deliveries" DROP CONSTRAINT "deliveries_request_unless_own";
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_request_unless_own"
  CHECK ("deliveries"."quote_request_id" is not null or "deliveries"."kind" in ('owner_password_reset', 'owner_email_changed'));
--> statement-breakpoint
CREATE TABLE "owner_email_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid,
	"previous_email" text NOT NULL,
	"next_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "owner_email_changes" ADD CONSTRAINT "owner_email_changes_delivery_id_deliveries_id_fk"
  FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE set null ON UPDATE no action;

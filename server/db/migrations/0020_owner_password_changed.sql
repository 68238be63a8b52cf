-- A new password set with a reset link is told to the owner's address by a message of the site's
-- own (owner_password_changed, about no request); and "Forgot the password?" counts the links a
-- device the owner signed in on asked for apart from the strangers' (from_known_device).
ALTER TABLE "deliveries" DROP CONSTRAINT "deliveries_request_unless_own";
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_request_unless_own"
  CHECK ("deliveries"."quote_request_id" is not null or "deliveries"."kind" in ('owner_password_reset', 'owner_email_changed', 'owner_password_changed'));
--> statement-breakpoint
ALTER TABLE "owner_password_resets" ADD COLUMN "from_known_device" boolean DEFAULT false NOT NULL;

-- The outbox gains messages of its own, about no quote request: the owner's password reset link
-- first. Every other kind still needs its request (deliveries_request_unless_own); a kind added
-- without one joins that list.
ALTER TABLE "deliveries" ALTER COLUMN "quote_request_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_request_unless_own"
  CHECK ("deliveries"."quote_request_id" is not null or "deliveries"."kind" in ('owner_password_reset'));
--> statement-breakpoint
-- "Forgot the password?": one row per link asked for; only the SHA-256 of its token is kept.
CREATE TABLE "owner_password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid,
	"requested_by" text NOT NULL,
	"token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "owner_password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "owner_password_resets" ADD CONSTRAINT "owner_password_resets_delivery_id_deliveries_id_fk"
  FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "owner_password_resets_created_at_idx" ON "owner_password_resets" USING btree ("created_at");

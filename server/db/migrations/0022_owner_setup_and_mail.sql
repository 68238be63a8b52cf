-- The owner's first password without a shell: the set-up links a start with no password makes
-- (owner_setup_links, only the token's hash, never backed up), and their e-mail, a message of the
-- site's own (owner_setup_link, about no request). The mail settings he saves in the app
-- (mail_settings, one row; the password sealed with a key kept in DATA_DIR) replace SMTP_URL.
CREATE TABLE "mail_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"secure" boolean NOT NULL,
	"username" text,
	"password_sealed" text,
	"from_address" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_settings_one_row" CHECK ("mail_settings"."id" = 1),
	CONSTRAINT "mail_settings_port" CHECK ("mail_settings"."port" between 1 and 65535)
);
--> statement-breakpoint
CREATE TABLE "owner_setup_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text,
	"delivery_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "owner_setup_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "owner_setup_links" ADD CONSTRAINT "owner_setup_links_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "owner_setup_links_created_at_idx" ON "owner_setup_links" USING btree ("created_at");
--> statement-breakpoint
ALTER TABLE "deliveries" DROP CONSTRAINT "deliveries_request_unless_own";
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_request_unless_own"
  CHECK ("deliveries"."quote_request_id" is not null or "deliveries"."kind" in ('owner_password_reset', 'owner_email_changed', 'owner_password_changed', 'owner_setup_link'));

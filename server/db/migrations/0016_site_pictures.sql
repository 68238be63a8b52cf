-- The owner's own photos in place of the site's drawn pictures (/owner/photos). A row per photo he
-- put in a place ('services/decks', 'hero/home', 'qr/venmo'...): the one in use has no retired_at
-- (at most one per place); one replaced or given back to the drawing keeps its files a day (a
-- server still on the previous content version may serve them), then the maintenance sweep
-- deletes it. Its files are in the site's image store under its id; `original` names the cleaned
-- full-size file a backup must hold.
CREATE TABLE "site_pictures" (
	"id" uuid PRIMARY KEY NOT NULL,
	"place" text NOT NULL,
	"format" text NOT NULL,
	"keep" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"widths" jsonb NOT NULL,
	"placeholder" text NOT NULL,
	"original" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "site_pictures_format" CHECK ("site_pictures"."format" in ('photo', 'png')),
	CONSTRAINT "site_pictures_keep" CHECK ("site_pictures"."keep" in ('top', 'centre', 'bottom'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "site_pictures_one_in_use" ON "site_pictures" USING btree ("place") WHERE "site_pictures"."retired_at" is null;
--> statement-breakpoint
CREATE INDEX "site_pictures_retired_idx" ON "site_pictures" USING btree ("retired_at") WHERE "site_pictures"."retired_at" is not null;

-- The owner's settings of the site: his business details (null until saved: the site shows
-- shared/content/business.ts's until then) and whether the sample projects are shown. One row.
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"phone_display" text,
	"phone_e164" text,
	"email" text,
	"roc_license" text,
	"google_review_url" text,
	"hours" jsonb,
	"music_site_url" text,
	"song_video_url" text,
	"details_saved_at" timestamp with time zone,
	"hide_sample_projects" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_one_row" CHECK ("site_settings"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "site_settings" ("id") VALUES (1);

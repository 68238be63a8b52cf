-- Visitor counts without cookies (issue 59). The page sends a beacon per page shown; the server
-- keeps the raw views (page_views) and each visitor's day (visitor_days: the source of the first
-- view) for VIEW_DATA_DAYS, and the daily roll-ups (view_days per source, view_pages per path)
-- for good. A visitor is known only by an HMAC of the day's salt (view_salts), deleted after 48
-- hours and never backed up: once it is gone no key can be made again from an address.
CREATE TABLE "view_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitor_days" (
	"day" date NOT NULL,
	"visitor_key" text NOT NULL,
	"source" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "visitor_days_day_visitor_key_pk" PRIMARY KEY("day","visitor_key")
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"path" text NOT NULL,
	"referrer_host" text,
	"tags" jsonb,
	"device" text NOT NULL,
	"visitor_key" text NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "page_views_device" CHECK ("page_views"."device" in ('phone', 'tablet', 'desktop'))
);
--> statement-breakpoint
CREATE INDEX "page_views_day_idx" ON "page_views" USING btree ("day");
--> statement-breakpoint
CREATE TABLE "view_days" (
	"day" date NOT NULL,
	"source" text NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "view_days_day_source_pk" PRIMARY KEY("day","source")
);
--> statement-breakpoint
CREATE TABLE "view_pages" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "view_pages_day_path_pk" PRIMARY KEY("day","path")
);

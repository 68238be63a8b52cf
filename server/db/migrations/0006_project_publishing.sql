CREATE TABLE "project_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"widths" jsonb NOT NULL,
	"placeholder" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"service" text,
	"area" text,
	"town" text,
	"before_photo_id" uuid,
	"after_photo_id" uuid,
	"before_alt" text DEFAULT '' NOT NULL,
	"after_alt" text DEFAULT '' NOT NULL,
	"problem" text DEFAULT '' NOT NULL,
	"solution" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "projects_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "site_content_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_content_version_one_row" CHECK ("site_content_version"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_before_photo_id_project_photos_id_fk" FOREIGN KEY ("before_photo_id") REFERENCES "public"."project_photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_after_photo_id_project_photos_id_fk" FOREIGN KEY ("after_photo_id") REFERENCES "public"."project_photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_published_idx" ON "projects" USING btree ("status","published_at");--> statement-breakpoint
INSERT INTO "site_content_version" ("id", "version") VALUES (1, 0);

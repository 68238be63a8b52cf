-- The point of the owner's photo every crop keeps (/owner/photos: a tap on the photo), in percent
-- of its width and height, in place of top / centre / bottom: a picture kept its top or bottom
-- edge in the middle of the width. A QR code's picture says what the code holds (qr_text). "Use the
-- drawing" sets his photo aside (set_aside_at) rather than retiring it, so he can put it back; a
-- set-aside photo is retired when another takes its place.
ALTER TABLE "site_pictures" ADD COLUMN "focus_x" integer DEFAULT 50 NOT NULL;
--> statement-breakpoint
ALTER TABLE "site_pictures" ADD COLUMN "focus_y" integer DEFAULT 50 NOT NULL;
--> statement-breakpoint
UPDATE "site_pictures" SET "focus_y" = CASE "keep" WHEN 'top' THEN 0 WHEN 'bottom' THEN 100 ELSE 50 END;
--> statement-breakpoint
ALTER TABLE "site_pictures" DROP CONSTRAINT "site_pictures_keep";
--> statement-breakpoint
ALTER TABLE "site_pictures" DROP COLUMN "keep";
--> statement-breakpoint
ALTER TABLE "site_pictures" ADD CONSTRAINT "site_pictures_focus" CHECK ("site_pictures"."focus_x" between 0 and 100 and "site_pictures"."focus_y" between 0 and 100);
--> statement-breakpoint
ALTER TABLE "site_pictures" ADD COLUMN "qr_text" text;
--> statement-breakpoint
ALTER TABLE "site_pictures" ADD COLUMN "set_aside_at" timestamp with time zone;

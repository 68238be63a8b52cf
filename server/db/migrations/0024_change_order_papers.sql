-- A change order that takes lines out is approved for a credit: its approved total may be below
-- zero, as its total already may (0023). The job's running total never goes below zero; the
-- service checks that as each change order is written, sent and approved.
ALTER TABLE "estimates" DROP CONSTRAINT "estimates_approved_total";
--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_approved_total" CHECK ("estimates"."approved_total_cents" between -1000000000 and 1000000000);

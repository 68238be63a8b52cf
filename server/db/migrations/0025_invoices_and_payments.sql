-- Invoices and payments after the approval: invoices numbered INV-0001… without gaps
-- (invoice_numbers, one counter row taken in the invoice's own transaction), their lines and tax
-- frozen on the row, a schedule part invoiced once while not void; payments recorded by hand
-- (check, cash, Zelle, Venmo, Cash App, other), undone but never deleted, a double tap stored once
-- (idempotency_key); the owner's payment details (one row); the e-mails of an invoice (sent,
-- receipt, reminders) name it on their outbox row.
CREATE TABLE "invoice_numbers" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_numbers_one_row" CHECK ("invoice_numbers"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_request_id" uuid NOT NULL,
	"estimate_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"token" text NOT NULL,
	"kind" text NOT NULL,
	"part" integer,
	"title" text NOT NULL,
	"items" jsonb NOT NULL,
	"tax_rate_milli" integer DEFAULT 0 NOT NULL,
	"total_cents" bigint NOT NULL,
	"job_cents" bigint NOT NULL,
	"due_date" date NOT NULL,
	"frozen" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"sent_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind" CHECK ("invoices"."kind" in ('part', 'final', 'items')),
	CONSTRAINT "invoices_status" CHECK ("invoices"."status" in ('open', 'void')),
	CONSTRAINT "invoices_total" CHECK ("invoices"."total_cents" between 1 and 1000000000),
	CONSTRAINT "invoices_job" CHECK ("invoices"."job_cents" between 0 and "invoices"."total_cents")
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"method" text NOT NULL,
	"received_on" date NOT NULL,
	"reference" text,
	"note" text,
	"idempotency_key" uuid,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	CONSTRAINT "invoice_payments_amount" CHECK ("invoice_payments"."amount_cents" between 1 and 1000000000),
	CONSTRAINT "invoice_payments_method" CHECK ("invoice_payments"."method" in ('check', 'cash', 'zelle', 'venmo', 'cash-app', 'other'))
);
--> statement-breakpoint
CREATE TABLE "payment_details" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"payee" text DEFAULT '' NOT NULL,
	"zelle" text DEFAULT '' NOT NULL,
	"venmo" text DEFAULT '' NOT NULL,
	"cash_app" text DEFAULT '' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"terms_days" integer DEFAULT 14 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_details_one_row" CHECK ("payment_details"."id" = 1),
	CONSTRAINT "payment_details_terms" CHECK ("payment_details"."terms_days" between 0 and 365)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_quote_request_id_quote_requests_id_fk" FOREIGN KEY ("quote_request_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number" ON "invoices" USING btree ("number");
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_token" ON "invoices" USING btree ("token");
--> statement-breakpoint
CREATE INDEX "invoices_request_idx" ON "invoices" USING btree ("quote_request_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_part" ON "invoices" USING btree ("quote_request_id","part") WHERE "invoices"."status" = 'open' and "invoices"."part" is not null;
--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_idempotency_key" ON "invoice_payments" USING btree ("idempotency_key") WHERE "invoice_payments"."idempotency_key" is not null;
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "invoice_id" uuid;
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "payment_id" uuid;

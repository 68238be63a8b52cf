CREATE TABLE "quote_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"project_type" text NOT NULL,
	"city" text NOT NULL,
	"budget_range" text NOT NULL,
	"photo_url" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

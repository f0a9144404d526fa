CREATE TYPE "public"."sandbox_psp_payment_method" AS ENUM('card', 'paypal');--> statement-breakpoint
ALTER TABLE "sandbox_psp_events" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_psp_events" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_psp_events" ADD COLUMN "last_status" smallint;--> statement-breakpoint
ALTER TABLE "sandbox_psp_intents" ADD COLUMN "method" "sandbox_psp_payment_method" DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_psp_intents" ADD COLUMN "instalment_months" smallint;--> statement-breakpoint
ALTER TABLE "sandbox_psp_intents" ADD COLUMN "payer_email" text;--> statement-breakpoint
CREATE INDEX "sandbox_psp_events_due" ON "sandbox_psp_events" USING btree ("next_attempt_at") WHERE "sandbox_psp_events"."next_attempt_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_psp_intents" ADD CONSTRAINT "sandbox_psp_intents_instalments" CHECK ("sandbox_psp_intents"."instalment_months" IS NULL OR ("sandbox_psp_intents"."instalment_months" IN (3, 6, 9, 12, 15) AND "sandbox_psp_intents"."currency" = 'MXN' AND "sandbox_psp_intents"."method" = 'card'));--> statement-breakpoint
-- Data: sites that predate the Uplift flag offer it, as newly seeded sites do (buildSite).
UPDATE "sites" SET "flags" = "flags" || '{"enableUplift": true}'::jsonb WHERE NOT ("flags" ? 'enableUplift');

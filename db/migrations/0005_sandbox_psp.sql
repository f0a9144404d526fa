CREATE TYPE "public"."sandbox_psp_event_type" AS ENUM('payment.authorized', 'payment.captured', 'payment.failed', 'payment.refunded');--> statement-breakpoint
CREATE TYPE "public"."sandbox_psp_intent_status" AS ENUM('requires_payment_method', 'requires_action', 'authorized', 'captured', 'refunded', 'failed');--> statement-breakpoint
CREATE TABLE "sandbox_psp_card_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" char(4) NOT NULL,
	"bin_country" char(2),
	"issuer" text,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"behaviour" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_psp_card_tokens_last4" CHECK ("sandbox_psp_card_tokens"."last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "sandbox_psp_events" (
	"id" text PRIMARY KEY NOT NULL,
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_psp_events_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" "sandbox_psp_event_type" NOT NULL,
	"intent_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_psp_idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"request_hash" char(64) NOT NULL,
	"status_code" smallint,
	"response" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_psp_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"merchant_reference" text NOT NULL,
	"return_url" text NOT NULL,
	"language" char(2) NOT NULL,
	"status" "sandbox_psp_intent_status" DEFAULT 'requires_payment_method' NOT NULL,
	"amount_authorized_minor" bigint DEFAULT 0 NOT NULL,
	"amount_captured_minor" bigint DEFAULT 0 NOT NULL,
	"amount_refunded_minor" bigint DEFAULT 0 NOT NULL,
	"card_token" text,
	"failure_code" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_psp_intents_amounts" CHECK ("sandbox_psp_intents"."amount_minor" > 0 AND "sandbox_psp_intents"."amount_authorized_minor" <= "sandbox_psp_intents"."amount_minor" AND "sandbox_psp_intents"."amount_captured_minor" <= "sandbox_psp_intents"."amount_authorized_minor" AND "sandbox_psp_intents"."amount_refunded_minor" >= 0 AND "sandbox_psp_intents"."amount_refunded_minor" <= "sandbox_psp_intents"."amount_captured_minor")
);
--> statement-breakpoint
CREATE TABLE "sandbox_psp_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"intent_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_psp_refunds_amount" CHECK ("sandbox_psp_refunds"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "sandbox_psp_events" ADD CONSTRAINT "sandbox_psp_events_intent_id_sandbox_psp_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."sandbox_psp_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_psp_intents" ADD CONSTRAINT "sandbox_psp_intents_card_token_sandbox_psp_card_tokens_token_fk" FOREIGN KEY ("card_token") REFERENCES "public"."sandbox_psp_card_tokens"("token") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_psp_refunds" ADD CONSTRAINT "sandbox_psp_refunds_intent_id_sandbox_psp_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."sandbox_psp_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_psp_events_intent" ON "sandbox_psp_events" USING btree ("intent_id","sequence");--> statement-breakpoint
CREATE INDEX "sandbox_psp_events_undelivered" ON "sandbox_psp_events" USING btree ("sequence") WHERE "sandbox_psp_events"."delivered_at" IS NULL;--> statement-breakpoint
CREATE INDEX "sandbox_psp_refunds_intent" ON "sandbox_psp_refunds" USING btree ("intent_id");
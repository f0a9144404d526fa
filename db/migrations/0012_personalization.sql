CREATE TYPE "public"."slot_version_status" AS ENUM('draft', 'published');--> statement-breakpoint
CREATE TABLE "content_slot_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"slot_id" text NOT NULL,
	"version" integer NOT NULL,
	"locale" char(2) NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"audience" jsonb,
	"content" jsonb NOT NULL,
	CONSTRAINT "content_slot_variants_order" UNIQUE("slot_id","version","locale","position"),
	CONSTRAINT "content_slot_variants_name" UNIQUE("slot_id","version","locale","name"),
	CONSTRAINT "content_slot_variants_locale" CHECK ("content_slot_variants"."locale" in ('es', 'en', 'pt'))
);
--> statement-breakpoint
CREATE TABLE "content_slot_versions" (
	"slot_id" text NOT NULL,
	"version" integer NOT NULL,
	"status" "slot_version_status" DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_slot_versions_slot_id_version_pk" PRIMARY KEY("slot_id","version"),
	CONSTRAINT "content_slot_versions_positive" CHECK ("content_slot_versions"."version" > 0)
);
--> statement-breakpoint
CREATE TABLE "content_slots" (
	"id" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personalization_api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"site_code" text NOT NULL,
	"name" text NOT NULL,
	"allowed_origins" text[] NOT NULL,
	"monthly_active_user_quota" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "personalization_api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "personalization_clients" (
	"cid" text PRIMARY KEY NOT NULL,
	"site_code" text NOT NULL,
	"visits" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "personalization_clients_cid" CHECK ("personalization_clients"."cid" ~ '^[0-9a-f]{32}$')
);
--> statement-breakpoint
CREATE TABLE "personalization_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_code" text NOT NULL,
	"cid" text,
	"type" text NOT NULL,
	"context" jsonb NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personalization_monthly_users" (
	"api_key_id" integer NOT NULL,
	"month" char(7) NOT NULL,
	"cid" text NOT NULL,
	CONSTRAINT "personalization_monthly_users_api_key_id_month_cid_pk" PRIMARY KEY("api_key_id","month","cid")
);
--> statement-breakpoint
ALTER TABLE "content_slot_variants" ADD CONSTRAINT "content_slot_variants_slot_id_version_content_slot_versions_slot_id_version_fk" FOREIGN KEY ("slot_id","version") REFERENCES "public"."content_slot_versions"("slot_id","version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_slot_versions" ADD CONSTRAINT "content_slot_versions_slot_id_content_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."content_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personalization_monthly_users" ADD CONSTRAINT "personalization_monthly_users_api_key_id_personalization_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."personalization_api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "personalization_events_cid_idx" ON "personalization_events" USING btree ("cid","received_at");--> statement-breakpoint
-- Tracked events are history: nothing rewrites or removes one (as exchange_rates, 0001).
CREATE FUNCTION "personalization_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'personalization_events is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "personalization_events_append_only" BEFORE UPDATE OR DELETE ON "personalization_events" FOR EACH ROW EXECUTE FUNCTION "personalization_events_append_only"();

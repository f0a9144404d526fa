CREATE TYPE "public"."newsletter_status" AS ENUM('pending', 'confirmed', 'unsubscribed');--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_code" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"country" char(2) NOT NULL,
	"language" char(2) NOT NULL,
	"status" "newsletter_status" DEFAULT 'pending' NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"permission_at" timestamp with time zone NOT NULL,
	"confirm_nonce" text,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"unsubscribe_nonce" text NOT NULL,
	"unsubscribe_token_hash" text NOT NULL,
	"origin" text,
	"client_id" text,
	"external_key" text,
	"created_at" timestamp with time zone NOT NULL,
	"subscribed_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "newsletter_subscriptions_country" CHECK ("newsletter_subscriptions"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "newsletter_subscriptions_confirm_token_set" CHECK (("newsletter_subscriptions"."confirm_token_hash" is null) = ("newsletter_subscriptions"."confirm_nonce" is null) and ("newsletter_subscriptions"."confirm_token_hash" is null) = ("newsletter_subscriptions"."confirm_expires_at" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_site_email" ON "newsletter_subscriptions" USING btree ("site_code",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_confirm_token" ON "newsletter_subscriptions" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_unsubscribe_token" ON "newsletter_subscriptions" USING btree ("unsubscribe_token_hash");--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_status" ON "newsletter_subscriptions" USING btree ("site_code","status");
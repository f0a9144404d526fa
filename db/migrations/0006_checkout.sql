CREATE TYPE "public"."booking_payment_status" AS ENUM('created', 'requires_payment_method', 'requires_action', 'authorized', 'captured', 'failed', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."booking_status" AS ENUM('pending_payment', 'paid', 'ticketed', 'failed', 'cancelled', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."payment_method_kind" AS ENUM('card', 'paypal');--> statement-breakpoint
CREATE TYPE "public"."ticket_status" AS ENUM('valid', 'used', 'void');--> statement-breakpoint
CREATE TABLE "booking_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"booking_id" uuid NOT NULL,
	"from_status" "booking_status",
	"to_status" "booking_status" NOT NULL,
	"reason" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"cart_line_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"kind" "cart_line_kind" NOT NULL,
	"product_id" integer NOT NULL,
	"trip" "cart_trip" NOT NULL,
	"category" "fare_category" NOT NULL,
	"adults" smallint NOT NULL,
	"children" smallint NOT NULL,
	"infants" smallint NOT NULL,
	"seats" smallint NOT NULL,
	"service_date" date,
	"return_date" date,
	"outbound_sailing_id" bigint,
	"inbound_sailing_id" bigint,
	"activity_id" integer,
	"pricing" jsonb NOT NULL,
	"total_minor" bigint NOT NULL,
	"passenger_names" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"attempt" smallint NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"idempotency_key" text NOT NULL,
	"method" "payment_method_kind" NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"status" "booking_payment_status" NOT NULL,
	"failure_code" text,
	"card_brand" text,
	"card_last4" char(4),
	"card_issuer" text,
	"instalment_months" smallint,
	"redirect_url" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"guest_secret_hash" text NOT NULL,
	"cart_id" uuid NOT NULL,
	"cart_fingerprint" text NOT NULL,
	"site_code" text NOT NULL,
	"language" char(2) NOT NULL,
	"status" "booking_status" NOT NULL,
	"currency" char(3) NOT NULL,
	"quote" jsonb NOT NULL,
	"total_minor" bigint NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"buyer_phone" text NOT NULL,
	"buyer_country" char(2) NOT NULL,
	"payment_method" "payment_method_kind" NOT NULL,
	"instalment_months" smallint,
	"hold_expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "bookings_reference_format" CHECK ("bookings"."reference" ~ '^[0-9A-HJKMNP-TV-Z]{6}$'),
	CONSTRAINT "bookings_total" CHECK ("bookings"."total_minor" > 0),
	CONSTRAINT "bookings_instalments" CHECK ("bookings"."instalment_months" is null or "bookings"."instalment_months" in (3, 6, 9, 12, 15))
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"booking_line_id" uuid NOT NULL,
	"code" text NOT NULL,
	"passenger_type" "passenger_type" NOT NULL,
	"passenger_name" text,
	"sailing_id" bigint,
	"activity_id" integer,
	"service_date" date,
	"valid_until" date,
	"status" "ticket_status" DEFAULT 'valid' NOT NULL,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_outbound_sailing_id_sailings_id_fk" FOREIGN KEY ("outbound_sailing_id") REFERENCES "public"."sailings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_inbound_sailing_id_sailings_id_fk" FOREIGN KEY ("inbound_sailing_id") REFERENCES "public"."sailings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_booking_line_id_booking_lines_id_fk" FOREIGN KEY ("booking_line_id") REFERENCES "public"."booking_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_sailing_id_sailings_id_fk" FOREIGN KEY ("sailing_id") REFERENCES "public"."sailings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_events_booking_idx" ON "booking_events" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_lines_booking_idx" ON "booking_lines" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_payments_attempt" ON "booking_payments" USING btree ("booking_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_payments_provider_id" ON "booking_payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_payments_idempotency" ON "booking_payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_reference" ON "bookings" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_cart_active" ON "bookings" USING btree ("cart_id") WHERE "bookings"."status" in ('pending_payment', 'paid', 'ticketed');--> statement-breakpoint
CREATE INDEX "bookings_email_idx" ON "bookings" USING btree ("buyer_email");--> statement-breakpoint
CREATE INDEX "bookings_pending_idx" ON "bookings" USING btree ("hold_expires_at") WHERE "bookings"."status" = 'pending_payment';--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_code" ON "tickets" USING btree ("code");--> statement-breakpoint
CREATE INDEX "tickets_booking_idx" ON "tickets" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "tickets_sailing_idx" ON "tickets" USING btree ("sailing_id");
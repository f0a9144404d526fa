CREATE TYPE "public"."booking_refund_status" AS ENUM('pending', 'succeeded', 'failed');--> statement-breakpoint
CREATE TABLE "booking_refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"status" "booking_refund_status" NOT NULL,
	"reason" text NOT NULL,
	"ticket_ids" jsonb NOT NULL,
	"line_shares" jsonb NOT NULL,
	"provider_refund_id" text,
	"failure_code" text,
	"requested_by" text NOT NULL,
	"requested_by_user_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "booking_refunds_amount" CHECK ("booking_refunds"."amount_minor" > 0),
	CONSTRAINT "booking_refunds_completed" CHECK (("booking_refunds"."status" = 'pending') = ("booking_refunds"."completed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "booking_refunds" ADD CONSTRAINT "booking_refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_refunds" ADD CONSTRAINT "booking_refunds_payment_id_booking_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."booking_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_refunds_idempotency" ON "booking_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "booking_refunds_booking_idx" ON "booking_refunds" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_refunds_completed_idx" ON "booking_refunds" USING btree ("completed_at") WHERE "booking_refunds"."status" = 'succeeded';--> statement-breakpoint
CREATE INDEX "bookings_email_lower_idx" ON "bookings" USING btree (lower("buyer_email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_paid_idx" ON "bookings" USING btree ("paid_at") WHERE "bookings"."paid_at" is not null;
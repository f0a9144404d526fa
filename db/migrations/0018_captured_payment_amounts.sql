ALTER TABLE "booking_payments" ADD COLUMN "captured_minor" bigint;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD COLUMN "captured_currency" char(3);
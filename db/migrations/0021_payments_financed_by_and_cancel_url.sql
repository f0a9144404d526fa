ALTER TABLE "sandbox_psp_intents" ADD COLUMN "cancel_url" text;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD COLUMN "financed_by" text;
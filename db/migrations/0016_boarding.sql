CREATE TYPE "public"."boarding_scan_outcome" AS ENUM('boarded', 'refused');--> statement-breakpoint
ALTER TYPE "public"."payment_method_kind" ADD VALUE 'cash';--> statement-breakpoint
ALTER TYPE "public"."payment_method_kind" ADD VALUE 'card_present';--> statement-breakpoint
CREATE TABLE "boarding_scans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"device_id" text NOT NULL,
	"sailing_id" bigint NOT NULL,
	"ticket_id" uuid,
	"booking_id" uuid,
	"scanned_text" text NOT NULL,
	"outcome" "boarding_scan_outcome" NOT NULL,
	"reason" text,
	"device_outcome" "boarding_scan_outcome",
	"offline" boolean NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"staff_user_id" uuid,
	"staff_label" text NOT NULL,
	CONSTRAINT "boarding_scans_reason" CHECK (("boarding_scans"."outcome" = 'refused') = ("boarding_scans"."reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "booth_sales" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"card_last4" char(4),
	"staff_user_id" uuid,
	"staff_label" text NOT NULL,
	"sold_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "boarding_scans" ADD CONSTRAINT "boarding_scans_sailing_id_sailings_id_fk" FOREIGN KEY ("sailing_id") REFERENCES "public"."sailings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boarding_scans" ADD CONSTRAINT "boarding_scans_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boarding_scans" ADD CONSTRAINT "boarding_scans_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booth_sales" ADD CONSTRAINT "booth_sales_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "boarding_scans_one_boarding" ON "boarding_scans" USING btree ("ticket_id") WHERE "boarding_scans"."outcome" = 'boarded';--> statement-breakpoint
CREATE INDEX "boarding_scans_sailing_idx" ON "boarding_scans" USING btree ("sailing_id","recorded_at");
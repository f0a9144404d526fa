CREATE TYPE "public"."cart_line_kind" AS ENUM('ferry', 'activity');--> statement-breakpoint
CREATE TYPE "public"."cart_status" AS ENUM('open', 'ordered');--> statement-breakpoint
CREATE TYPE "public"."cart_trip" AS ENUM('one_way', 'round_trip', 'open', 'single');--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"cart_id" uuid NOT NULL,
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
	"complement_id" integer,
	"parent_line_id" uuid,
	"pricing" jsonb NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cart_lines_passengers" CHECK ("cart_lines"."adults" >= 0 and "cart_lines"."children" >= 0 and "cart_lines"."infants" >= 0 and "cart_lines"."seats" > 0),
	CONSTRAINT "cart_lines_shape" CHECK (("cart_lines"."kind" = 'ferry' and "cart_lines"."activity_id" is null and ("cart_lines"."trip" = 'open') = ("cart_lines"."outbound_sailing_id" is null)
            and ("cart_lines"."trip" = 'round_trip') = ("cart_lines"."inbound_sailing_id" is not null))
        or ("cart_lines"."kind" = 'activity' and "cart_lines"."trip" = 'single' and "cart_lines"."activity_id" is not null and "cart_lines"."service_date" is not null
            and "cart_lines"."outbound_sailing_id" is null and "cart_lines"."inbound_sailing_id" is null)),
	CONSTRAINT "cart_lines_hold" CHECK (("cart_lines"."trip" = 'open') = ("cart_lines"."hold_expires_at" is null))
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"site_code" text NOT NULL,
	"language" char(2) NOT NULL,
	"currency" char(3) NOT NULL,
	"quote" jsonb NOT NULL,
	"status" "cart_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "carts_session" UNIQUE("session_id"),
	CONSTRAINT "carts_session_format" CHECK ("carts"."session_id" ~ '^[0-9a-f]{32}$')
);
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_outbound_sailing_id_sailings_id_fk" FOREIGN KEY ("outbound_sailing_id") REFERENCES "public"."sailings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_inbound_sailing_id_sailings_id_fk" FOREIGN KEY ("inbound_sailing_id") REFERENCES "public"."sailings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_lines_cart_idx" ON "cart_lines" USING btree ("cart_id");--> statement-breakpoint
-- The last line against overselling: whatever the application does, a sailing or an
-- activity day never has more seats taken (sold + blocked + unexpired holds) than its capacity. The
-- trigger takes the same lock as the use cases (the sailing's row, the activity day's advisory lock),
-- so two transactions cannot both pass it, and counts holds with the instant the application decided
-- at (set_config('travesia.now')), falling back to the transaction's start.
CREATE FUNCTION "enforce_allocation_capacity"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  decided_at timestamptz := coalesce(nullif(current_setting('travesia.now', true), '')::timestamptz, now());
  capacity_left bigint;
BEGIN
  IF NEW.released_at IS NOT NULL OR (NEW.state = 'held' AND NEW.expires_at <= decided_at) THEN
    RETURN NULL;
  END IF;
  IF NEW.sailing_id IS NOT NULL THEN
    SELECT s.capacity - coalesce((SELECT sum(a.quantity) FROM seat_allocations a
        WHERE a.sailing_id = s.id AND a.released_at IS NULL AND (a.state <> 'held' OR a.expires_at > decided_at)), 0)
      INTO capacity_left FROM sailings s WHERE s.id = NEW.sailing_id FOR NO KEY UPDATE OF s;
  ELSE
    PERFORM pg_advisory_xact_lock(hashtext('activity-day'), hashtext(NEW.activity_id::text || '@' || NEW.service_date::text));
    SELECT ac.daily_capacity - coalesce((SELECT sum(a.quantity) FROM seat_allocations a
        WHERE a.activity_id = ac.id AND a.service_date = NEW.service_date AND a.released_at IS NULL
          AND (a.state <> 'held' OR a.expires_at > decided_at)), 0)
      INTO capacity_left FROM activities ac WHERE ac.id = NEW.activity_id;
  END IF;
  IF capacity_left < 0 THEN
    RAISE EXCEPTION 'seats taken exceed capacity' USING ERRCODE = 'check_violation', CONSTRAINT = 'seat_allocations_capacity';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "seat_allocations_capacity" AFTER INSERT OR UPDATE OF "quantity", "state", "expires_at", "released_at"
  ON "seat_allocations" FOR EACH ROW EXECUTE FUNCTION "enforce_allocation_capacity"();

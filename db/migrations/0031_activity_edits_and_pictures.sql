CREATE TABLE "pictures" (
	"name" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pictures_size" CHECK (octet_length("pictures"."bytes") <= 2097152)
);
--> statement-breakpoint
-- Hand-written (ADR 0079): the capacity trigger reads an activity's row FOR SHARE, so a console change
-- of its daily capacity (which locks the row FOR UPDATE, then counts the days ahead) and a buyer's
-- hold wait for each other instead of each passing against the capacity the other is changing.
CREATE OR REPLACE FUNCTION "enforce_allocation_capacity"() RETURNS trigger LANGUAGE plpgsql AS $$
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
      INTO capacity_left FROM activities ac WHERE ac.id = NEW.activity_id FOR SHARE OF ac;
  END IF;
  IF capacity_left < 0 THEN
    RAISE EXCEPTION 'seats taken exceed capacity' USING ERRCODE = 'check_violation', CONSTRAINT = 'seat_allocations_capacity';
  END IF;
  RETURN NULL;
END
$$;

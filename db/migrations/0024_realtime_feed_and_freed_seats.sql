ALTER TABLE "sailings" ADD COLUMN "planned_departs_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_finished_idx" ON "webhook_deliveries" USING btree ("created_at") WHERE "webhook_deliveries"."status" <> 'pending';--> statement-breakpoint
-- A moved sailing keeps the departure it was first planned at, whatever code moves it: the realtime
-- GTFS feed tells trip planners of the move against the trip they know (ADR 0060). Moving it back
-- to that time makes it a planned sailing again.
CREATE FUNCTION "keep_planned_departure"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.planned_departs_at := coalesce(OLD.planned_departs_at, OLD.departs_at);
  IF NEW.planned_departs_at = NEW.departs_at THEN
    NEW.planned_departs_at := NULL;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sailings_planned_departure" BEFORE UPDATE OF "departs_at" ON "sailings"
  FOR EACH ROW WHEN (NEW.departs_at IS DISTINCT FROM OLD.departs_at) EXECUTE FUNCTION "keep_planned_departure"();
--> statement-breakpoint
-- The waiting list hears of freed seats in the transaction that frees them (ADR 0060): when a seat
-- allocation on a sailing is released (a hold given up, a booking cancelled or refunded, a block
-- lifted), its capacity grows, or a closure of it is lifted, a check of its line is queued, as
-- flows/waitlist.ts's scheduleWaitlistCheck queues it (same job name, payload and key), when someone
-- waits and seats are free at commit. The triggers are deferred to the commit so that a release the
-- same transaction takes back (a hold turned into a sale) queues nothing.
CREATE FUNCTION "queue_waitlist_check"(sailing bigint, at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  decided_at timestamptz := coalesce(at, nullif(current_setting('travesia.now', true), '')::timestamptz, now());
  seats_free bigint;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.sailing_id = sailing AND w.status = 'waiting') THEN
    RETURN;
  END IF;
  SELECT s.capacity - coalesce((SELECT sum(a.quantity) FROM seat_allocations a
      WHERE a.sailing_id = s.id AND a.released_at IS NULL AND (a.state <> 'held' OR a.expires_at > decided_at)), 0)
    INTO seats_free FROM sailings s WHERE s.id = sailing AND s.departs_at > decided_at;
  IF seats_free IS NULL OR seats_free <= 0 THEN
    RETURN;
  END IF;
  INSERT INTO jobs (name, payload, run_at, max_attempts, singleton_key)
    VALUES ('offer-waitlist-seats', jsonb_build_object('sailingId', sailing), decided_at, 3,
      sailing::text || '@' || to_char(decided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    ON CONFLICT (name, singleton_key) WHERE singleton_key IS NOT NULL AND state <> 'failed' DO NOTHING;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "notice_freed_seats"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'seat_allocations' THEN
    PERFORM queue_waitlist_check(NEW.sailing_id, NEW.released_at);
  ELSIF TG_TABLE_NAME = 'sailings' THEN
    PERFORM queue_waitlist_check(NEW.id, NULL);
  ELSE
    PERFORM queue_waitlist_check(s.id, NEW.lifted_at) FROM sailings s
      WHERE s.id = NEW.sailing_id
        OR (NEW.sailing_id IS NULL AND s.service_date = NEW.service_date AND (NEW.crossing_id IS NULL OR s.crossing_id = NEW.crossing_id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "seat_allocations_freed" AFTER UPDATE OF "released_at" ON "seat_allocations" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.sailing_id IS NOT NULL AND NEW.released_at IS NOT NULL AND OLD.released_at IS NULL) EXECUTE FUNCTION "notice_freed_seats"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sailings_capacity_grown" AFTER UPDATE OF "capacity" ON "sailings" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.capacity > OLD.capacity) EXECUTE FUNCTION "notice_freed_seats"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "closures_lifted" AFTER UPDATE OF "lifted_at" ON "closures" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.lifted_at IS NOT NULL AND OLD.lifted_at IS NULL AND NEW.activity_id IS NULL) EXECUTE FUNCTION "notice_freed_seats"();

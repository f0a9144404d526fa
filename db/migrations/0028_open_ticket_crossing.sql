ALTER TABLE "cart_lines" ADD COLUMN "crossing_id" integer;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD COLUMN "crossing_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "crossing_id" integer;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_crossing_id_crossings_id_fk" FOREIGN KEY ("crossing_id") REFERENCES "public"."crossings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_crossing_id_crossings_id_fk" FOREIGN KEY ("crossing_id") REFERENCES "public"."crossings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_crossing_id_crossings_id_fk" FOREIGN KEY ("crossing_id") REFERENCES "public"."crossings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Ferry lines already in carts and bookings with a dated outbound: their crossing is their outbound sailing's.
UPDATE "cart_lines" SET "crossing_id" = s."crossing_id" FROM "sailings" s WHERE "cart_lines"."kind" = 'ferry' AND s."id" = "cart_lines"."outbound_sailing_id";--> statement-breakpoint
UPDATE "booking_lines" SET "crossing_id" = s."crossing_id" FROM "sailings" s WHERE "booking_lines"."kind" = 'ferry' AND s."id" = "booking_lines"."outbound_sailing_id";--> statement-breakpoint
-- Open tickets a closed sailing turned open: the crossing of the sailing each left, read from the
-- booking's history (open_ticket:{"lineId", "from": {outboundSailingId, inboundSailingId}}); within a
-- line, the first leg letter of the codes is the outbound. Open tickets sold open before this migration
-- recorded no crossing anywhere: they stay null and board any ferry crossing, as they were sold.
WITH "swapped" AS (
  SELECT (substring(e."reason" from 13))::jsonb AS "change" FROM "booking_events" e WHERE e."reason" LIKE 'open_ticket:%'
), "legs" AS (
  SELECT t."id",
         substring(t."code" from 8 for 1) AS "leg",
         min(substring(t."code" from 8 for 1)) OVER (PARTITION BY t."booking_line_id") AS "first_leg",
         ("swapped"."change"->'from'->>'outboundSailingId')::bigint AS "outbound_id",
         ("swapped"."change"->'from'->>'inboundSailingId')::bigint AS "inbound_id"
  FROM "tickets" t JOIN "swapped" ON ("swapped"."change"->>'lineId')::uuid = t."booking_line_id"
  WHERE t."sailing_id" IS NULL AND t."activity_id" IS NULL AND t."valid_until" IS NOT NULL
)
UPDATE "tickets" SET "crossing_id" = s."crossing_id"
FROM "legs" l JOIN "sailings" s ON s."id" = CASE WHEN l."leg" = l."first_leg" THEN l."outbound_id" ELSE l."inbound_id" END
WHERE "tickets"."id" = l."id";

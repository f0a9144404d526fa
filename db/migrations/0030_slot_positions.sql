ALTER TABLE "content_slots" ADD COLUMN "position" text;--> statement-breakpoint
ALTER TABLE "content_slots" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "content_slots_position_active" ON "content_slots" USING btree ("position") WHERE "content_slots"."active" and "content_slots"."position" is not null;--> statement-breakpoint
UPDATE "content_slots" SET "position" = "id" WHERE "id" IN ('home-banner', 'promotions-banner');

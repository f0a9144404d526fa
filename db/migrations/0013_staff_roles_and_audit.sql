CREATE TABLE "audit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_user_id" uuid,
	"actor" text NOT NULL,
	"actor_role" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"outcome" text NOT NULL,
	"reason" text,
	"before" jsonb,
	"after" jsonb,
	"request_id" text,
	CONSTRAINT "audit_entries_outcome" CHECK ("audit_entries"."outcome" in ('applied', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_role" text;--> statement-breakpoint
CREATE INDEX "audit_entries_entity" ON "audit_entries" USING btree ("entity_type","entity_id","at");--> statement-breakpoint
CREATE INDEX "audit_entries_at" ON "audit_entries" USING btree ("at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role" CHECK ("users"."staff_role" in ('admin', 'operator', 'agent'));--> statement-breakpoint
-- Staff accounts from before roles (the boolean) become admins: they could already ask for the admin scope.
UPDATE "users" SET "staff_role" = 'admin' WHERE "staff";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "staff";--> statement-breakpoint
-- The audit log is append-only (ADR 0036): no role the app connects with may rewrite what happened.
CREATE FUNCTION "audit_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_entries is append-only' USING ERRCODE = 'integrity_constraint_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_entries_append_only" BEFORE UPDATE OR DELETE ON "audit_entries"
  FOR EACH ROW EXECUTE FUNCTION "audit_entries_append_only"();

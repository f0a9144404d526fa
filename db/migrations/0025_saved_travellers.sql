CREATE TABLE "saved_travellers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saved_travellers_name_length" CHECK (char_length("saved_travellers"."name") between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "saved_travellers" ADD CONSTRAINT "saved_travellers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_travellers_user_name" ON "saved_travellers" USING btree ("user_id","name_key");
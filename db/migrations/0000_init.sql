CREATE TYPE "public"."fare_category" AS ENUM('tourist', 'resident');--> statement-breakpoint
CREATE TYPE "public"."passenger_type" AS ENUM('adult', 'child', 'infant');--> statement-breakpoint
CREATE TYPE "public"."product_kind" AS ENUM('ferry', 'catamaran_tour', 'catamaran_ferry_tour', 'park_admission', 'park_tour');--> statement-breakpoint
CREATE TYPE "public"."trip_type" AS ENUM('one_way', 'round_trip', 'single');--> statement-breakpoint
CREATE TABLE "sites" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"languages" text[] NOT NULL,
	"flags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fares" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"category" "fare_category" NOT NULL,
	"passenger_type" "passenger_type" NOT NULL,
	"trip" "trip_type" NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" char(3) DEFAULT 'MXN' NOT NULL,
	CONSTRAINT "fares_product_category_passenger_trip" UNIQUE("product_id","category","passenger_type","trip"),
	CONSTRAINT "fares_amount_non_negative" CHECK ("fares"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" "product_kind" NOT NULL,
	"name" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"image" text NOT NULL,
	"location_id" integer NOT NULL,
	"can_add_photo" boolean DEFAULT false NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "fares" ADD CONSTRAINT "fares_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fares_product_idx" ON "fares" USING btree ("product_id");
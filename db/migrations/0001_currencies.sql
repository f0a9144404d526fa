CREATE TABLE "currencies" (
	"id" integer PRIMARY KEY NOT NULL,
	"iso_code" char(3) NOT NULL,
	"iso_number" char(3) NOT NULL,
	"name" jsonb NOT NULL,
	"symbol" text NOT NULL,
	"presentation_symbol" text NOT NULL,
	"position" char(1) NOT NULL,
	"decimal_separator" text NOT NULL,
	"thousand_separator" text NOT NULL,
	CONSTRAINT "currencies_iso_code_unique" UNIQUE("iso_code"),
	CONSTRAINT "currencies_iso_number_unique" UNIQUE("iso_number"),
	CONSTRAINT "currencies_iso_code_format" CHECK ("currencies"."iso_code" ~ '^[A-Z]{3}$'),
	CONSTRAINT "currencies_iso_number_format" CHECK ("currencies"."iso_number" ~ '^[0-9]{3}$'),
	CONSTRAINT "currencies_position" CHECK ("currencies"."position" in ('D', 'I')),
	CONSTRAINT "currencies_decimal_separator" CHECK (char_length("currencies"."decimal_separator") = 1),
	CONSTRAINT "currencies_thousand_separator" CHECK (char_length("currencies"."thousand_separator") <= 1 and "currencies"."thousand_separator" <> "currencies"."decimal_separator")
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exchange_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"currency" char(3) NOT NULL,
	"rate" numeric(24, 12) NOT NULL,
	"source" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_rate_positive" CHECK ("exchange_rates"."rate" > 0),
	CONSTRAINT "exchange_rates_not_base" CHECK ("exchange_rates"."currency" <> 'MXN')
);
--> statement-breakpoint
CREATE TABLE "instalment_banks" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"logo" text NOT NULL,
	"description" jsonb NOT NULL,
	"max_months" smallint NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "instalment_banks_code_unique" UNIQUE("code"),
	CONSTRAINT "instalment_banks_max_months" CHECK ("instalment_banks"."max_months" in (12, 15))
);
--> statement-breakpoint
CREATE TABLE "payment_method_currencies" (
	"payment_method_id" integer NOT NULL,
	"currency" char(3) NOT NULL,
	CONSTRAINT "payment_method_currencies_payment_method_id_currency_pk" PRIMARY KEY("payment_method_id","currency")
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" integer PRIMARY KEY NOT NULL,
	"api_code" char(2) NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "payment_methods_api_code_unique" UNIQUE("api_code"),
	CONSTRAINT "payment_methods_api_code_format" CHECK ("payment_methods"."api_code" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_currency_currencies_iso_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("iso_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method_currencies" ADD CONSTRAINT "payment_method_currencies_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method_currencies" ADD CONSTRAINT "payment_method_currencies_currency_currencies_iso_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("iso_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_rates_currency_valid_from_idx" ON "exchange_rates" USING btree ("currency","valid_from" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Exchange-rate history is append-only: a wrong rate is corrected by a newer row, never rewritten, so
-- what was in force at any instant (and the quotes carts and bookings keep) can always be traced.
CREATE FUNCTION "exchange_rates_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'exchange_rates is append-only: record a new rate instead of changing %', OLD.id;
END
$$;--> statement-breakpoint
CREATE TRIGGER "exchange_rates_append_only" BEFORE UPDATE OR DELETE ON "exchange_rates" FOR EACH ROW EXECUTE FUNCTION "exchange_rates_append_only"();

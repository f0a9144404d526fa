CREATE TABLE "client_error_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_error_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_key" text NOT NULL,
	"error" text NOT NULL,
	"params" jsonb NOT NULL,
	"host_path" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"data_store" text NOT NULL,
	"language" text NOT NULL,
	"event_type" text NOT NULL,
	"search_query" text NOT NULL,
	"user_pseudo_id" text NOT NULL,
	"documents" jsonb NOT NULL,
	"selected_position" integer DEFAULT 0 NOT NULL,
	"attribution_token" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "search_events_position" CHECK ("search_events"."selected_position" >= 0)
);
--> statement-breakpoint
CREATE INDEX "client_error_reports_client_idx" ON "client_error_reports" USING btree ("client_key","created_at");--> statement-breakpoint
CREATE INDEX "search_events_created_idx" ON "search_events" USING btree ("created_at");
CREATE TABLE "search_token_secrets" (
	"site" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);

CREATE TABLE "mail_sends" (
	"key" text PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"state" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_sends_state" CHECK ("mail_sends"."state" in ('sending', 'sent'))
);

CREATE TABLE "chat_conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"traveller_id" text NOT NULL,
	"operator_id" integer NOT NULL,
	"option_id" integer,
	"order_item_id" text,
	"started_by" text NOT NULL,
	"last_message_id" integer,
	"last_message_at" timestamp with time zone,
	"last_traveller_message_id" integer DEFAULT 0 NOT NULL,
	"last_operator_message_id" integer DEFAULT 0 NOT NULL,
	"traveller_read_up_to" integer DEFAULT 0 NOT NULL,
	"operator_read_up_to" integer DEFAULT 0 NOT NULL,
	"traveller_mail_due_at" timestamp with time zone,
	"operator_mail_due_at" timestamp with time zone,
	"traveller_emailed_up_to" integer DEFAULT 0 NOT NULL,
	"operator_emailed_up_to" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_message_files" (
	"id" text PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_message_files_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"side" text NOT NULL,
	"sender_id" text,
	"sender_name" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"client_ref" text,
	"removed_files" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_body_ck" CHECK (char_length("chat_messages"."body") <= 4000)
);
--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_traveller_id_users_id_fk" FOREIGN KEY ("traveller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message_files" ADD CONSTRAINT "chat_message_files_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_subject_uq" ON "chat_conversations" USING btree ("traveller_id","operator_id",coalesce("option_id", 0),coalesce("order_item_id", ''));--> statement-breakpoint
CREATE INDEX "chat_conversations_traveller_idx" ON "chat_conversations" USING btree ("traveller_id","last_message_at");--> statement-breakpoint
CREATE INDEX "chat_conversations_operator_idx" ON "chat_conversations" USING btree ("operator_id","last_message_at");--> statement-breakpoint
CREATE INDEX "chat_message_files_message_idx" ON "chat_message_files" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_ref_uq" ON "chat_messages" USING btree ("sender_id","client_ref");
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organiser_user_id" text NOT NULL,
	"musician_id" uuid NOT NULL,
	"booking_id" uuid,
	"request_id" uuid,
	"last_message_at" timestamp with time zone,
	"organiser_read_id" bigint DEFAULT 0 NOT NULL,
	"musician_read_id" bigint DEFAULT 0 NOT NULL,
	"organiser_seen_at" timestamp with time zone,
	"musician_seen_at" timestamp with time zone,
	"organiser_emailed_at" timestamp with time zone,
	"musician_emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" uuid NOT NULL,
	"sender_user_id" text NOT NULL,
	"body" text NOT NULL,
	"original_body" text,
	"masked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_body_length_check" CHECK (char_length("messages"."body") BETWEEN 1 AND 4000)
);
--> statement-breakpoint
ALTER TABLE "booking_requests" DROP CONSTRAINT "booking_requests_status_check";--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "client_user_id" text;--> statement-breakpoint
ALTER TABLE "bookings_by_musician" ADD COLUMN "client_user_id" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_organiser_user_id_user_id_fk" FOREIGN KEY ("organiser_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_musician_id_musician_profiles_id_fk" FOREIGN KEY ("musician_id") REFERENCES "public"."musician_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_booking_id_bookings_by_musician_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings_by_musician"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_request_id_booking_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."booking_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_user_id_user_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_organiser_musician_key" ON "conversations" USING btree ("organiser_user_id","musician_id");--> statement-breakpoint
CREATE INDEX "conversations_musician_last_idx" ON "conversations" USING btree ("musician_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_organiser_last_idx" ON "conversations" USING btree ("organiser_user_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_booking_id_idx" ON "conversations" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "conversations_request_id_idx" ON "conversations" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "messages_conversation_id_idx" ON "messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "messages_sender_created_idx" ON "messages" USING btree ("sender_user_id","created_at");--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_client_user_id_user_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings_by_musician" ADD CONSTRAINT "bookings_by_musician_client_user_id_user_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_requests_client_user_idx" ON "booking_requests" USING btree ("client_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_by_musician_client_user_idx" ON "bookings_by_musician" USING btree ("client_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_status_check" CHECK ("booking_requests"."status" IN ('draft', 'pending', 'accepted', 'declined'));
-- Issue 22 §4: contact details stay hidden until payment, so a request must be answerable in the app.
-- The musician's replies to a request from someone without an account (read on /request/{token}) and
-- that requester's answers. The text is kept as typed and masked when read, until the booking is paid.
CREATE TABLE "booking_request_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"sender" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_request_replies_sender_check" CHECK ("booking_request_replies"."sender" IN ('musician', 'requester')),
	CONSTRAINT "booking_request_replies_body_length_check" CHECK (char_length("booking_request_replies"."body") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
ALTER TABLE "booking_request_replies" ADD CONSTRAINT "booking_request_replies_request_id_booking_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."booking_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_request_replies_request_created_idx" ON "booking_request_replies" USING btree ("request_id","created_at");

-- Issue 16 §7: a request the musician can answer, and the organiser can follow.
ALTER TABLE "booking_requests" ADD COLUMN "date_not_fixed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "status_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_requests_status_token_key" ON "booking_requests" USING btree ("status_token");

-- Issue 23 §4/§5. Who cancelled a booking, and when, so every screen can say "You cancelled" or "the
-- musician cancelled" (it was inferred, wrongly, from the status alone). Every money event is stored once
-- (event_key unique) for the musician's Recent Activity and the two e-mails its job sends. A musician's
-- answer to a dispute ("Add your side"): text and photos kept in the storage pipeline.
ALTER TABLE "bookings_by_musician"
  ADD COLUMN "cancelled_by" text,
  ADD COLUMN "cancelled_at" timestamp with time zone,
  ADD CONSTRAINT "bookings_by_musician_cancelled_by_check" CHECK ("cancelled_by" IS NULL OR "cancelled_by" IN ('client', 'musician'));--> statement-breakpoint
CREATE TABLE "money_notifications" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "event_key" text NOT NULL,
  "kind" text NOT NULL,
  "musician_id" uuid NOT NULL REFERENCES "musician_profiles"("id") ON DELETE CASCADE,
  "booking_id" uuid REFERENCES "bookings_by_musician"("id") ON DELETE CASCADE,
  "data" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "client_mailed_at" timestamp with time zone,
  "musician_mailed_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "money_notifications_kind_check" CHECK ("kind" IN ('paid', 'released', 'cancelled', 'refunded', 'disputed', 'dispute_resolved', 'payout_sent', 'payout_failed'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "money_notifications_event_key_key" ON "money_notifications" ("event_key");--> statement-breakpoint
CREATE INDEX "money_notifications_musician_created_idx" ON "money_notifications" ("musician_id", "created_at" DESC);--> statement-breakpoint
CREATE INDEX "money_notifications_booking_id_idx" ON "money_notifications" ("booking_id", "created_at");--> statement-breakpoint
CREATE TABLE "dispute_responses" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "booking_id" uuid NOT NULL REFERENCES "bookings_by_musician"("id") ON DELETE CASCADE,
  "musician_id" uuid NOT NULL REFERENCES "musician_profiles"("id") ON DELETE CASCADE,
  "body" text NOT NULL,
  "photos" text[] DEFAULT '{}'::text[] NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "dispute_responses_booking_id_idx" ON "dispute_responses" ("booking_id", "created_at");--> statement-breakpoint
CREATE INDEX "dispute_responses_musician_id_idx" ON "dispute_responses" ("musician_id");

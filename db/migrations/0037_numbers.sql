-- 0037_numbers (issue 38): a musician's numbers, public records and what musicians charge.
--
-- Profile views, counted once per visitor per day without cookies and without storing an address:
-- a visitor is sha256(the day's salt, address, browser, musician). The salt lives one Lagos day in
-- profile_view_salts and is deleted afterwards, so yesterday's hashes can no longer be matched to anyone.
CREATE TABLE "profile_view_salts" (
  "day" date PRIMARY KEY,
  "salt" text NOT NULL DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
);--> statement-breakpoint
CREATE TABLE "profile_views" (
  "musician_id" uuid NOT NULL REFERENCES "musician_profiles"("id") ON DELETE CASCADE,
  "day" date NOT NULL,
  "visitor" text NOT NULL,
  "source" text NOT NULL,
  "requested" boolean NOT NULL DEFAULT false,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("musician_id", "day", "visitor"),
  CONSTRAINT "profile_views_source_check"
    CHECK ("source" IN ('market', 'link', 'whatsapp', 'instagram', 'other', 'direct'))
);--> statement-breakpoint
-- The public record (item 2), kept by the numbers refresh job: never computed per request.
CREATE TABLE "musician_public_records" (
  "musician_id" uuid PRIMARY KEY REFERENCES "musician_profiles"("id") ON DELETE CASCADE,
  "requests_received" integer NOT NULL DEFAULT 0,
  "median_reply_seconds" integer,
  "gigs_performed" integer NOT NULL DEFAULT 0,
  "cancelled_by_musician_12m" integer NOT NULL DEFAULT 0,
  -- Enough behind it to show (>= 3 requests or >= 1 completed booking); /market sorts on record_score.
  "shown" boolean NOT NULL DEFAULT false,
  "record_score" double precision NOT NULL DEFAULT 0,
  "refreshed_at" timestamptz NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX "musician_public_records_score_idx" ON "musician_public_records" ("record_score" DESC) WHERE "shown";--> statement-breakpoint
-- What musicians charge (item 3): only bands with >= 5 bookings from >= 3 musicians are stored.
-- state '' is every state together.
CREATE TABLE "price_bands" (
  "event_type" text NOT NULL,
  "state" text NOT NULL,
  "low_kobo" bigint NOT NULL,
  "high_kobo" bigint NOT NULL,
  "bookings" integer NOT NULL,
  "musicians" integer NOT NULL,
  "refreshed_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("event_type", "state")
);--> statement-breakpoint
-- Where the refresh job got to: rows changed after "changed_since" are looked at on its next run.
CREATE TABLE "numbers_refresh_state" (
  "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "changed_since" timestamptz NOT NULL DEFAULT '-infinity'
);--> statement-breakpoint
INSERT INTO "numbers_refresh_state" ("id") VALUES (1);--> statement-breakpoint
-- The refresh job finds bookings changed since its last run (completed, paid, released, cancelled).
CREATE INDEX "bookings_by_musician_updated_at_idx" ON "bookings_by_musician" ("updated_at");--> statement-breakpoint
CREATE INDEX "booking_requests_answered_at_idx" ON "booking_requests" ("answered_at");--> statement-breakpoint
CREATE INDEX "booking_request_replies_created_at_idx" ON "booking_request_replies" ("created_at");

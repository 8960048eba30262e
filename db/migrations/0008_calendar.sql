CREATE TABLE "booking_confirmations" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"confirmed_by" text NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_invoices" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"musician_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"musician_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"musician_id" uuid PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counters_last_number_check" CHECK ("invoice_counters"."last_number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "musician_unavailable_dates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_confirmations" ADD CONSTRAINT "booking_confirmations_booking_id_bookings_by_musician_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings_by_musician"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_invoices" ADD CONSTRAINT "booking_invoices_booking_id_bookings_by_musician_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings_by_musician"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_invoices" ADD CONSTRAINT "booking_invoices_musician_id_musician_profiles_id_fk" FOREIGN KEY ("musician_id") REFERENCES "public"."musician_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_musician_id_musician_profiles_id_fk" FOREIGN KEY ("musician_id") REFERENCES "public"."musician_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_musician_id_musician_profiles_id_fk" FOREIGN KEY ("musician_id") REFERENCES "public"."musician_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "musician_unavailable_dates" ADD CONSTRAINT "musician_unavailable_dates_profile_id_musician_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."musician_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_invoices_musician_number_key" ON "booking_invoices" USING btree ("musician_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_key" ON "calendar_feeds" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "musician_unavailable_dates_profile_date_key" ON "musician_unavailable_dates" USING btree ("profile_id","date");--> statement-breakpoint
CREATE INDEX "musician_unavailable_dates_date_idx" ON "musician_unavailable_dates" USING btree ("date");--> statement-breakpoint
-- Hand-written (drizzle-kit cannot express these): the time a booking occupies, in Africa/Lagos, and the
-- rule that two confirmed (or completed, or paid — paid bookings stay "confirmed") bookings of one
-- musician never overlap. One function gives the range for bookings, events and the overlap checks.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
-- No date: no range. No times: the whole day. A start without an end (or an end not after it) runs to
-- midnight. Lagos has no daylight saving, so the conversion is fixed (IMMUTABLE for the stored column).
CREATE FUNCTION lagos_busy_range(d date, s time, e time) RETURNS tstzrange
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN d IS NULL THEN NULL ELSE tstzrange(
    (d + coalesce(s, time '00:00')) AT TIME ZONE 'Africa/Lagos',
    CASE WHEN s IS NOT NULL AND e > s THEN (d + e) AT TIME ZONE 'Africa/Lagos'
         ELSE (d + 1 + time '00:00') AT TIME ZONE 'Africa/Lagos' END,
    '[)') END
$$;
--> statement-breakpoint
ALTER TABLE "bookings_by_musician" ADD COLUMN "busy_during" tstzrange
  GENERATED ALWAYS AS (lagos_busy_range("event_date", "event_start_time", "event_end_time")) STORED;
--> statement-breakpoint
-- Overlaps confirmed before this rule existed are kept (never lose a booking) but exempted, so the
-- constraint can be built on an existing database; every later confirmation is checked.
ALTER TABLE "bookings_by_musician" ADD COLUMN "overlap_exempt" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "bookings_by_musician" b SET "overlap_exempt" = true
WHERE b."status" IN ('confirmed', 'completed') AND EXISTS (
  SELECT 1 FROM "bookings_by_musician" o
  WHERE o."musician_id" = b."musician_id" AND o."status" IN ('confirmed', 'completed')
    AND o."busy_during" && b."busy_during" AND (o."created_at", o."id") < (b."created_at", b."id")
);
--> statement-breakpoint
-- Its GiST index also answers "is this musician booked that day" for /market's date filter.
ALTER TABLE "bookings_by_musician" ADD CONSTRAINT "bookings_by_musician_no_overlap"
  EXCLUDE USING gist ("musician_id" WITH =, "busy_during" WITH &&)
  WHERE ("status" IN ('confirmed', 'completed') AND NOT "overlap_exempt");

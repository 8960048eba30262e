-- 0040_lineups (issue 39): a booking's line-up, the busy time of every musician across bookings and
-- line-ups, and the freeze of a line-up at payment. Hand-written (EXCLUDE, ranges and triggers).
CREATE TABLE "line_up_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL REFERENCES "bookings_by_musician"("id") ON DELETE cascade,
	"member_id" uuid NOT NULL REFERENCES "musician_profiles"("id") ON DELETE cascade,
	"role" text NOT NULL,
	"fee_kobo" bigint NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "line_up_members_fee_check" CHECK ("fee_kobo" > 0),
	CONSTRAINT "line_up_members_role_check" CHECK (char_length("role") BETWEEN 1 AND 60),
	CONSTRAINT "line_up_members_status_check"
		CHECK ("status" IN ('invited', 'accepted', 'declined', 'left', 'removed', 'lapsed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "line_up_members_live_key" ON "line_up_members" ("booking_id", "member_id")
  WHERE "status" IN ('invited', 'accepted');
--> statement-breakpoint
CREATE INDEX "line_up_members_booking_idx" ON "line_up_members" ("booking_id");
--> statement-breakpoint
CREATE INDEX "line_up_members_member_idx" ON "line_up_members" ("member_id", "status");
--> statement-breakpoint
-- When each musician is busy, across their own bookings and the line-ups they accepted. The exclusion
-- constraint is race-proof: two transactions inserting overlapping rows for one musician wait on each
-- other and the second is refused. Bookings kept from before the overlap rule (overlap_exempt) stay
-- out, as they stay out of bookings_by_musician_no_overlap; a line-up over one of them is checked by
-- the trigger below instead.
CREATE TABLE "musician_busy" (
	"musician_id" uuid NOT NULL REFERENCES "musician_profiles"("id") ON DELETE cascade,
	"booking_id" uuid NOT NULL REFERENCES "bookings_by_musician"("id") ON DELETE cascade,
	"line_up_member_id" uuid REFERENCES "line_up_members"("id") ON DELETE cascade,
	"busy_during" tstzrange NOT NULL,
	CONSTRAINT "musician_busy_no_overlap" EXCLUDE USING gist ("musician_id" WITH =, "busy_during" WITH &&)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "musician_busy_booking_musician_key" ON "musician_busy" ("booking_id", "musician_id");
--> statement-breakpoint
CREATE INDEX "musician_busy_line_up_member_idx" ON "musician_busy" ("line_up_member_id");
--> statement-breakpoint
INSERT INTO "musician_busy" ("musician_id", "booking_id", "busy_during")
SELECT "musician_id", "id", "busy_during" FROM "bookings_by_musician"
WHERE "status" IN ('confirmed', 'completed') AND NOT "overlap_exempt" AND "busy_during" IS NOT NULL;
--> statement-breakpoint
-- The rows of one booking: its musician's while it is confirmed or completed (as the booking overlap
-- rule), each accepted member's while it is not cancelled (accepting is the member's yes to the date).
CREATE FUNCTION musician_busy_sync(b_id uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM musician_busy WHERE booking_id = b_id;
  INSERT INTO musician_busy (musician_id, booking_id, busy_during)
    SELECT musician_id, id, busy_during FROM bookings_by_musician
    WHERE id = b_id AND status IN ('confirmed', 'completed') AND NOT overlap_exempt AND busy_during IS NOT NULL;
  INSERT INTO musician_busy (musician_id, booking_id, line_up_member_id, busy_during)
    SELECT m.member_id, b.id, m.id, b.busy_during
    FROM line_up_members m JOIN bookings_by_musician b ON b.id = m.booking_id
    WHERE b.id = b_id AND m.status = 'accepted' AND b.status <> 'cancelled' AND b.busy_during IS NOT NULL;
END
$$;
--> statement-breakpoint
-- A booking's time or status changed: its busy rows follow. A clash is answered with the booking
-- overlap rule's own error (as migration 0014 does), so confirming, accepting a request or editing a
-- booking over a line-up the musician plays in is refused like any double booking.
CREATE FUNCTION bookings_sync_musician_busy() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RETURN NULL;
  END IF;
  BEGIN
    PERFORM musician_busy_sync(NEW.id);
  EXCEPTION WHEN exclusion_violation THEN
    RAISE EXCEPTION 'conflicting key value violates exclusion constraint "bookings_by_musician_no_overlap"'
      USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'bookings_by_musician_no_overlap',
        TABLE = 'bookings_by_musician',
        DETAIL = 'A musician of this booking is busy then (a booking or a line-up they play in).';
  END;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_by_musician_sync_busy_insert" AFTER INSERT ON "bookings_by_musician"
  FOR EACH ROW WHEN (NEW.status IN ('confirmed', 'completed') AND NEW.busy_during IS NOT NULL)
  EXECUTE FUNCTION bookings_sync_musician_busy();
--> statement-breakpoint
CREATE TRIGGER "bookings_by_musician_sync_busy_update" AFTER UPDATE ON "bookings_by_musician"
  FOR EACH ROW WHEN ((OLD.status, OLD.busy_during, OLD.overlap_exempt, OLD.musician_id)
    IS DISTINCT FROM (NEW.status, NEW.busy_during, NEW.overlap_exempt, NEW.musician_id))
  EXECUTE FUNCTION bookings_sync_musician_busy();
--> statement-breakpoint
-- A line-up place changed: the member's busy row follows. Accepting over the member's own booking, or
-- another line-up, is refused by musician_busy_no_overlap; over one of their exempt (pre-rule)
-- bookings, by the same error raised here.
CREATE FUNCTION line_up_members_sync_busy() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r tstzrange;
BEGIN
  IF TG_OP = 'DELETE' THEN
    RETURN NULL;
  END IF;
  DELETE FROM musician_busy WHERE line_up_member_id = NEW.id;
  IF NEW.status <> 'accepted' THEN
    RETURN NULL;
  END IF;
  SELECT busy_during INTO r FROM bookings_by_musician WHERE id = NEW.booking_id AND status <> 'cancelled';
  IF r IS NULL THEN
    RETURN NULL;
  END IF;
  IF EXISTS (
    SELECT 1 FROM bookings_by_musician o
    WHERE o.overlap_exempt AND o.musician_id = NEW.member_id
      AND o.status IN ('confirmed', 'completed') AND o.busy_during && r
  ) THEN
    RAISE EXCEPTION 'conflicting key value violates exclusion constraint "musician_busy_no_overlap"'
      USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'musician_busy_no_overlap', TABLE = 'musician_busy',
        DETAIL = 'The member has an overlapping booking kept from before the overlap rule.';
  END IF;
  INSERT INTO musician_busy (musician_id, booking_id, line_up_member_id, busy_during)
    VALUES (NEW.member_id, NEW.booking_id, NEW.id, r);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "line_up_members_sync_busy" AFTER INSERT OR UPDATE ON "line_up_members"
  FOR EACH ROW EXECUTE FUNCTION line_up_members_sync_busy();
--> statement-breakpoint
-- Frozen at payment (issue 39 §4): once money was received for the booking (payment_status is no longer
-- 'unpaid', written only by the money module) no line-up row is added, changed or deleted; the one
-- change allowed is the payment's own: a place still invited lapses. The booking row is read FOR SHARE,
-- so a change racing the payment (which locks the booking FOR UPDATE) waits for it and then sees it.
-- Also: the leader never plays in their own line-up.
CREATE FUNCTION line_up_members_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  b record;
BEGIN
  SELECT musician_id, payment_status INTO b FROM bookings_by_musician
    WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.booking_id ELSE NEW.booking_id END) FOR SHARE;
  IF NOT FOUND THEN
    -- The booking itself is being deleted (its rows cascade).
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF b.payment_status <> 'unpaid' AND NOT (
    TG_OP = 'UPDATE' AND OLD.status = 'invited' AND NEW.status = 'lapsed'
    AND (OLD.booking_id, OLD.member_id, OLD.role, OLD.fee_kobo) = (NEW.booking_id, NEW.member_id, NEW.role, NEW.fee_kobo)
  ) THEN
    RAISE EXCEPTION 'the line-up of a paid booking is frozen with its payment'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'line_up_members_frozen', TABLE = 'line_up_members';
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.member_id = b.musician_id THEN
    RAISE EXCEPTION 'the booking''s musician cannot be in their own line-up'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'line_up_members_not_leader', TABLE = 'line_up_members';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "line_up_members_guard" BEFORE INSERT OR UPDATE OR DELETE ON "line_up_members"
  FOR EACH ROW EXECUTE FUNCTION line_up_members_guard();
--> statement-breakpoint
-- At payment, places still invited lapse: "Members who had not accepted by payment are not in the line-up".
CREATE FUNCTION line_up_members_lapse_at_payment() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE line_up_members SET status = 'lapsed', responded_at = now(), updated_at = now()
    WHERE booking_id = NEW.id AND status = 'invited';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_by_musician_line_up_lapse" AFTER UPDATE OF payment_status ON "bookings_by_musician"
  FOR EACH ROW WHEN (OLD.payment_status = 'unpaid' AND NEW.payment_status <> 'unpaid')
  EXECUTE FUNCTION line_up_members_lapse_at_payment();
--> statement-breakpoint
-- Public pages show a musician's taken days: a line-up place starting or ending to be busy drops them (0012).
CREATE TRIGGER public_pages_line_up_busy_added AFTER INSERT ON musician_busy
  FOR EACH ROW WHEN (NEW.line_up_member_id IS NOT NULL) EXECUTE FUNCTION stagebook_public_pages_changed();
--> statement-breakpoint
CREATE TRIGGER public_pages_line_up_busy_removed AFTER DELETE ON musician_busy
  FOR EACH ROW WHEN (OLD.line_up_member_id IS NOT NULL) EXECUTE FUNCTION stagebook_public_pages_changed();
--> statement-breakpoint
-- The leader ↔ member thread of one line-up place (no masking between two musicians who agreed to play).
CREATE TABLE "line_up_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"place_id" uuid NOT NULL REFERENCES "line_up_members"("id") ON DELETE cascade,
	"sender_id" uuid NOT NULL REFERENCES "musician_profiles"("id") ON DELETE cascade,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "line_up_messages_body_check" CHECK (char_length("body") BETWEEN 1 AND 4000)
);
--> statement-breakpoint
CREATE INDEX "line_up_messages_place_idx" ON "line_up_messages" ("place_id", "id");
--> statement-breakpoint
CREATE INDEX "line_up_messages_sender_idx" ON "line_up_messages" ("sender_id");

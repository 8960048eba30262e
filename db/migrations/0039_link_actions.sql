-- 0039_link_actions (issue 35 §1): before payment the booking link is the client's key, but an action taken
-- with it by someone other than the client's own account is told as "by someone with the booking link",
-- and a cancellation made that way can be undone by the client for a day.
ALTER TABLE "bookings_by_musician" DROP CONSTRAINT IF EXISTS "bookings_by_musician_cancelled_by_check";
ALTER TABLE "bookings_by_musician" ADD CONSTRAINT "bookings_by_musician_cancelled_by_check"
  CHECK ("cancelled_by" IS NULL OR "cancelled_by" IN ('client', 'link', 'musician'));

CREATE TABLE IF NOT EXISTS "link_actions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "booking_id" uuid NOT NULL REFERENCES "bookings_by_musician"("id") ON DELETE CASCADE,
  "action" text NOT NULL,
  "previous_status" text,
  "acted_at" timestamp with time zone DEFAULT now() NOT NULL,
  "undone_at" timestamp with time zone,
  CONSTRAINT "link_actions_action_check" CHECK ("action" IN ('cancel', 'texts_off')),
  CONSTRAINT "link_actions_previous_status_check"
    CHECK ("previous_status" IS NULL OR "previous_status" IN ('pending', 'confirmed'))
);
CREATE INDEX IF NOT EXISTS "link_actions_booking_idx" ON "link_actions" ("booking_id", "acted_at" DESC);

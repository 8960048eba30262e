-- 0038_walk_polish (issue 40): a phone message keeps what it says (its variables), so a text held for
-- the night is written for the channel the person has chosen when it is sent, not when it was queued.
ALTER TABLE "phone_messages" ADD COLUMN IF NOT EXISTS "vars" jsonb;

-- The musician's reason for cancelling, told to the client (masked: typed text reaching another person).
ALTER TABLE "bookings_by_musician" ADD COLUMN IF NOT EXISTS "cancel_reason" text;
ALTER TABLE "bookings_by_musician" DROP CONSTRAINT IF EXISTS "bookings_by_musician_cancel_reason_check";
ALTER TABLE "bookings_by_musician" ADD CONSTRAINT "bookings_by_musician_cancel_reason_check"
  CHECK ("cancel_reason" IS NULL OR char_length("cancel_reason") <= 500);

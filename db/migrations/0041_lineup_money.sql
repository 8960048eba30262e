-- 0041_lineup_money (issue 39, ADR 0033): a release pays each line-up member's wallet besides the
-- leader's, and each member's automatic payout follows their own setting: one live automatic payout
-- per release AND musician (was: per release).
DROP INDEX IF EXISTS "musician_payouts_booking_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "musician_payouts_booking_key" ON "musician_payouts" ("booking_id", "musician_id")
  WHERE "booking_id" IS NOT NULL AND "status" IN ('waiting', 'pending', 'paid');

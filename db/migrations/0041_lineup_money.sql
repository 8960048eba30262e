-- 0041_lineup_money (issue 39, ADR 0033): a release pays each line-up member's wallet besides the
-- leader's, and each member's automatic payout follows their own setting: one live automatic payout
-- per release AND musician (was: per release).
DROP INDEX IF EXISTS "musician_payouts_booking_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "musician_payouts_booking_key" ON "musician_payouts" ("booking_id", "musician_id")
  WHERE "booking_id" IS NOT NULL AND "status" IN ('waiting', 'pending', 'paid');
--> statement-breakpoint
-- A line-up member is told their fee was released (kind line_up_fee, to the member alone).
ALTER TABLE "money_notifications" DROP CONSTRAINT "money_notifications_kind_check";
--> statement-breakpoint
ALTER TABLE "money_notifications" ADD CONSTRAINT "money_notifications_kind_check"
  CHECK ("kind" IN ('paid', 'released', 'cancelled', 'refunded', 'disputed', 'dispute_resolved', 'payout_sent', 'payout_failed', 'line_up_fee'));

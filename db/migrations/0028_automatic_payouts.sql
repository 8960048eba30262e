-- Issue 29: released money goes to the musician's bank on its own. The musician's setting (on unless
-- they turn it off; it acts only once a payout account is verified). A payout made by a release names
-- its booking: at most one live payout per release, never two (the unique index); after a failure
-- (money back in Available) a new one may be asked for. "waiting": an automatic payout a
-- hold keeps back (payout account just changed, card dispute open, test-mode money); its money stays
-- in Available until the hold ends and it becomes pending.
ALTER TABLE "musician_payment_settings" ADD COLUMN "auto_payout" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "musician_payouts" ADD COLUMN "booking_id" uuid REFERENCES "bookings_by_musician"("id") ON DELETE RESTRICT;--> statement-breakpoint
CREATE UNIQUE INDEX "musician_payouts_booking_key" ON "musician_payouts" ("booking_id") WHERE "booking_id" IS NOT NULL AND "status" IN ('waiting', 'pending', 'paid');--> statement-breakpoint
CREATE INDEX "musician_payouts_waiting_idx" ON "musician_payouts" ("updated_at") WHERE "status" = 'waiting';--> statement-breakpoint
ALTER TABLE "musician_payouts" DROP CONSTRAINT "musician_payouts_status_check";--> statement-breakpoint
ALTER TABLE "musician_payouts" ADD CONSTRAINT "musician_payouts_status_check" CHECK ("status" IN ('waiting', 'pending', 'paid', 'failed', 'reversed'));

-- Issue 22 §3 (money review #1, #3, #8). The cancellation policy a client paid under is frozen on the
-- payment, as the fee rates already are: a musician who switches to Strict after being paid changes
-- nothing for that booking. Existing payments take the musician's policy of today (the best we know).
ALTER TABLE "payments" ADD COLUMN "cancellation_policy" text;--> statement-breakpoint
UPDATE "payments" AS p
SET "cancellation_policy" = coalesce(s."cancellation_policy", 'flexible')
FROM "bookings_by_musician" AS b
LEFT JOIN "musician_payment_settings" AS s ON s."musician_id" = b."musician_id"
WHERE b."id" = p."booking_id";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "cancellation_policy" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_cancellation_policy_check" CHECK ("payments"."cancellation_policy" IN ('flexible', 'moderate', 'strict'));--> statement-breakpoint
-- Paystack's outcome of a card dispute (merchant-accepted / auto-accepted: the cardholder got the money
-- back; declined: the merchant won). Without it a lost chargeback looked like a won one.
ALTER TABLE "paystack_charge_disputes" ADD COLUMN "resolution" text;--> statement-breakpoint
-- A second successful charge for a booking is refunded automatically: one such refund per charge, next
-- to the booking's own (still one per booking).
ALTER TABLE "booking_refunds" DROP CONSTRAINT "booking_refunds_reason_check";--> statement-breakpoint
ALTER TABLE "booking_refunds" ADD CONSTRAINT "booking_refunds_reason_check" CHECK ("booking_refunds"."reason" IN ('musician_cancelled', 'client_cancelled', 'dispute', 'duplicate_charge', 'paid_after_cancel'));--> statement-breakpoint
DROP INDEX IF EXISTS "booking_refunds_booking_key";--> statement-breakpoint
CREATE UNIQUE INDEX "booking_refunds_booking_key" ON "booking_refunds" USING btree ("booking_id") WHERE "booking_refunds"."reason" <> 'duplicate_charge';--> statement-breakpoint
CREATE UNIQUE INDEX "booking_refunds_duplicate_charge_key" ON "booking_refunds" USING btree ("transaction_reference") WHERE "booking_refunds"."reason" = 'duplicate_charge';--> statement-breakpoint
-- What a musician owes back after a chargeback lost on money already released and withdrawn (ADR 0014):
-- an asset of the platform, so like clearing its balance is zero or negative.
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" IN ('clearing', 'escrow', 'musician_payable', 'payouts_in_transit', 'refunds_pending', 'revenue', 'receivable'));

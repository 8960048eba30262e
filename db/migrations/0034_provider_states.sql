-- 0034_provider_states (issue 35 §3): every Paystack state has a way out.
-- A refund Paystack cannot finish (needs-attention, a different amount, pending too long) waits for an
-- admin in its own status; its money stays in refunds_pending (M7).
ALTER TABLE "booking_refunds" DROP CONSTRAINT "booking_refunds_status_check";--> statement-breakpoint
ALTER TABLE "booking_refunds" ADD CONSTRAINT "booking_refunds_status_check" CHECK ("booking_refunds"."status" IN ('pending', 'processed', 'failed', 'needs_attention'));--> statement-breakpoint
-- A waiting automatic payout that will never go is kept, with a note, instead of deleted (M9).
ALTER TABLE "musician_payouts" DROP CONSTRAINT "musician_payouts_status_check";--> statement-breakpoint
ALTER TABLE "musician_payouts" ADD CONSTRAINT "musician_payouts_status_check" CHECK ("musician_payouts"."status" IN ('waiting', 'pending', 'paid', 'failed', 'reversed', 'dropped'));--> statement-breakpoint
-- Paystack's `domain` of each charge: test-mode money is test money whatever the key (M1).
ALTER TABLE "payments" ADD COLUMN "mode" text;--> statement-breakpoint
UPDATE "payments" SET "mode" = 'test' WHERE "provider" = 'test';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_mode_check" CHECK ("payments"."mode" IS NULL OR "payments"."mode" IN ('test', 'live'));--> statement-breakpoint
-- A lost card dispute that found nothing left to take back is settled without a posting (M5).
ALTER TABLE "paystack_charge_disputes" ADD COLUMN "settled_at" timestamp with time zone;

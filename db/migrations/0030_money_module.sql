-- Issue 27 (the money module, ADR 0019). An admin's record of a card dispute's outcome when Paystack's
-- resolution cannot be read (review N5): 'won' releases the hold, 'lost' posts the chargeback.
ALTER TABLE "paystack_charge_disputes" ADD COLUMN "admin_outcome" text;--> statement-breakpoint
ALTER TABLE "paystack_charge_disputes" ADD CONSTRAINT "paystack_charge_disputes_admin_outcome_check" CHECK ("admin_outcome" IS NULL OR "admin_outcome" IN ('won', 'lost'));--> statement-breakpoint
-- Which provider made a payout (review N10): test-mode money withdrawn through the test provider no
-- longer counts against real withdrawals. Existing payouts are counted as real (the old, stricter rule).
ALTER TABLE "musician_payouts" ADD COLUMN "provider" text DEFAULT 'paystack' NOT NULL;--> statement-breakpoint
ALTER TABLE "musician_payouts" ADD CONSTRAINT "musician_payouts_provider_check" CHECK ("provider" IN ('paystack', 'test'));

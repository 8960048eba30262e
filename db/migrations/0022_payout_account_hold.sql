-- Issue 23 §3 (ADR 0017): a changed payout account cannot receive a payout until this time (24 hours
-- after the change); NULL when not held (the first account ever added is not held).
ALTER TABLE "musician_payment_settings" ADD COLUMN "bank_account_hold_until" timestamp with time zone;

-- 0032_payer_powers (issue 35 §1, ADR 0025): the payer's powers go to whoever completed the checkout.
-- 'checkout': the browser that pressed Pay, only so a second press goes back to the same checkout (no powers).
-- 'return': the one-time secret in the checkout's callback URL, which only the browser that completed the
-- payment is sent to; spending it binds that browser ('device').
ALTER TABLE "payer_credentials" DROP CONSTRAINT "payer_credentials_kind_check";
--> statement-breakpoint
ALTER TABLE "payer_credentials" ADD CONSTRAINT "payer_credentials_kind_check" CHECK ("kind" IN ('device', 'link', 'checkout', 'return'));
--> statement-breakpoint
ALTER TABLE "payer_credentials" DROP CONSTRAINT "payer_credentials_link_expires_check";
--> statement-breakpoint
ALTER TABLE "payer_credentials" ADD CONSTRAINT "payer_credentials_link_expires_check" CHECK ("kind" <> 'link' OR "expires_at" IS NOT NULL);
--> statement-breakpoint
DROP INDEX "payer_credentials_token_payment_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "payer_credentials_token_payment_key" ON "payer_credentials" ("token_hash", "payment_id", "kind");
--> statement-breakpoint
-- The built-in test checkout is found by its access code, as Paystack's hosted checkout is.
CREATE INDEX "paystack_test_records_access_code_idx" ON "paystack_test_records" (("data"->>'access_code')) WHERE "kind" = 'transaction';

-- Issue 22 §1 (ADR 0013): once a booking is paid, only its payer releases, cancels or disputes it. The payer
-- is the signed-in account that started the successful payment (payments.payer_user_id), or a browser
-- holding a secret bound to that payment: set as an HttpOnly cookie when the payer pressed Pay ('device'),
-- or obtained on another device through a one-time link e-mailed to the payment's address ('link'). Only a
-- SHA-256 hash of each secret is stored.
ALTER TABLE "payments" ADD COLUMN "payer_user_id" text REFERENCES "user"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "payments_payer_user_id_idx" ON "payments" USING btree ("payer_user_id");
--> statement-breakpoint
CREATE TABLE "payer_credentials" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "booking_id" uuid NOT NULL REFERENCES "bookings_by_musician"("id") ON DELETE CASCADE,
  "payment_id" uuid NOT NULL REFERENCES "payments"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "token_hash" text NOT NULL,
  "expires_at" timestamp with time zone,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "payer_credentials_kind_check" CHECK ("kind" IN ('device', 'link')),
  -- A one-time link always expires; a device secret lives as long as its cookie.
  CONSTRAINT "payer_credentials_link_expires_check" CHECK ("kind" = 'device' OR "expires_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payer_credentials_token_payment_key" ON "payer_credentials" USING btree ("token_hash", "payment_id");
--> statement-breakpoint
CREATE INDEX "payer_credentials_booking_id_idx" ON "payer_credentials" USING btree ("booking_id");
--> statement-breakpoint
CREATE INDEX "payer_credentials_payment_id_idx" ON "payer_credentials" USING btree ("payment_id");

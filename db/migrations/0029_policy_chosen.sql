-- The setup checklist ticks "Choose your cancellation policy" only once the musician chose one (phone
-- walk 2: the policy defaulted silently to Flexible). A policy other than the default was chosen.
ALTER TABLE "musician_payment_settings" ADD COLUMN "policy_chosen_at" timestamptz;--> statement-breakpoint
UPDATE "musician_payment_settings" SET "policy_chosen_at" = "updated_at" WHERE "cancellation_policy" <> 'flexible';

-- Issue 11 §2: the phone number an organiser gives at sign-up is kept on the account and pre-fills
-- their booking requests.
ALTER TABLE "user" ADD COLUMN IF NOT EXISTS "phone_number" text;

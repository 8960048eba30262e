-- 0038_walk_polish (issue 40): a phone message keeps what it says (its variables), so a text held for
-- the night is written for the channel the person has chosen when it is sent, not when it was queued.
ALTER TABLE "phone_messages" ADD COLUMN IF NOT EXISTS "vars" jsonb;

-- 0044_contact_typed (issue 36): a number split over two messages is masked whole once its second piece
-- arrives, and the earlier message is masked again in place. `revised_by` names the message that revised
-- it, so the live stream pushes the revision with that message, and a reconnect's catch-up (which reads
-- messages after the last id the browser has) brings it too.
ALTER TABLE "messages" ADD COLUMN IF NOT EXISTS "revised_by" bigint REFERENCES "messages"("id") ON DELETE SET NULL;
CREATE INDEX IF NOT EXISTS "messages_revised_by_idx" ON "messages" ("revised_by") WHERE "revised_by" IS NOT NULL;

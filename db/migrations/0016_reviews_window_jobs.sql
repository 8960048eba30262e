-- A review window's jobs (publication, reminders) are queued after its row commits; this records that
-- they were, so a crash between the two is repaired by the sweep (review-jobs.server.ts).
ALTER TABLE "review_windows" ADD COLUMN "jobs_queued_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "review_windows" SET "jobs_queued_at" = "created_at";
--> statement-breakpoint
CREATE INDEX "review_windows_jobs_unqueued_idx" ON "review_windows" USING btree ("created_at") WHERE "jobs_queued_at" IS NULL;

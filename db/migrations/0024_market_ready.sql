-- /market with no search showed page 1 as the newest sign-ups: bare profiles with no photo, "Rate on
-- request" and no genre, while complete, bookable musicians sat on later pages (issue 23 §6, phone walk).
-- A profile is market-ready with a photo, an hourly rate and at least one genre; the listing shows those
-- first. Stored (computed once per write) so the order and the count read a column, and one partial index
-- answers the default listing's order without sorting every active profile.
ALTER TABLE "musician_profiles"
  ADD COLUMN "market_ready" boolean GENERATED ALWAYS AS (
    "profile_image" IS NOT NULL AND btrim("profile_image") <> ''
    AND "hourly_rate_kobo" IS NOT NULL
    AND cardinality("genres") > 0
  ) STORED;--> statement-breakpoint
-- Its predicate is the whole "active website" condition of the /market query, so the listing's total is
-- an index-only count (a sequential scan of every profile took 140-220 ms at 100k musicians).
CREATE INDEX "musician_profiles_market_ready_idx" ON "musician_profiles" ("market_ready" DESC, "created_at" DESC)
  WHERE "website_active" AND "slug" IS NOT NULL
    AND btrim(coalesce("first_name", '')) <> '' AND btrim(coalesce("last_name", '')) <> ''
    AND btrim(coalesce("phone_number", '')) <> '';--> statement-breakpoint
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM "musician_profiles") THEN ANALYZE "musician_profiles"; END IF;
END $$;

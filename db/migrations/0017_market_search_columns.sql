-- /market at 100k musicians (issue 14). Searches folded every candidate row's text, genres and event types
-- while filtering (unaccent per value, ~15 µs a row), the planner had no statistics on those expressions
-- (row estimates 20-1,500x low), and a search with words and both filters was driven by one index and
-- filtered 5,000-14,000 rows: 40-200 ms, p95 615 ms over the bench's searches. Now the folded values are
-- stored generated columns (computed once per write, with real statistics), and one GIN index holds the
-- words' trigrams, genres and event types, so a search with all three reads only its matches (~2-3 ms).
-- A word under three letters has no trigram; its searches use the genre/event-type index and filter.
ALTER TABLE "musician_profiles"
  ADD COLUMN "search_text" text GENERATED ALWAYS AS (stagebook_musician_search_text("stage_name", "first_name", "last_name", "performance_roles", "genres")) STORED,
  ADD COLUMN "genres_folded" text[] GENERATED ALWAYS AS (stagebook_fold_array("genres")) STORED,
  ADD COLUMN "event_types_folded" text[] GENERATED ALWAYS AS (stagebook_fold_array("event_types")) STORED,
  ADD COLUMN "location_folded" text GENERATED ALWAYS AS (stagebook_fold("location")) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "musician_profiles_search_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "musician_profiles_genres_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "musician_profiles_event_types_idx";--> statement-breakpoint
CREATE INDEX "musician_profiles_search_idx" ON "musician_profiles" USING gin ("search_text" gin_trgm_ops, "genres_folded", "event_types_folded") WHERE "website_active";--> statement-breakpoint
CREATE INDEX "musician_profiles_facets_idx" ON "musician_profiles" USING gin ("genres_folded", "event_types_folded") WHERE "website_active";--> statement-breakpoint
-- Statistics for the new columns now: a table rewrite does not count as changed rows, so autovacuum would
-- not analyze it soon. Not on an empty table: one never analyzed is planned as if it will fill up, one
-- analyzed while empty as empty.
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM "musician_profiles") THEN ANALYZE "musician_profiles"; END IF;
END $$;

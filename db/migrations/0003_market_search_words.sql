-- The words of every active musician's search text, so a misspelt query word is corrected against a
-- short list (fast) instead of comparing it with every musician's whole text (measured: ~0.5 s at 100k).
CREATE TABLE IF NOT EXISTS "market_search_words" ("word" text PRIMARY KEY);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "market_search_words_trgm_idx" ON "market_search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION stagebook_search_words(t text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT DISTINCT w FROM regexp_split_to_table(t, '[^[:alnum:]&+-]+') AS w WHERE length(w) >= 2 $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION stagebook_collect_search_words() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF NEW.website_active THEN
    INSERT INTO market_search_words (word)
    SELECT public.stagebook_search_words(public.stagebook_musician_search_text(
      NEW.stage_name, NEW.first_name, NEW.last_name, NEW.performance_roles, NEW.genres))
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS musician_profiles_search_words ON musician_profiles;--> statement-breakpoint
CREATE TRIGGER musician_profiles_search_words
  AFTER INSERT OR UPDATE OF stage_name, first_name, last_name, performance_roles, genres, website_active
  ON musician_profiles FOR EACH ROW EXECUTE FUNCTION stagebook_collect_search_words();--> statement-breakpoint
INSERT INTO market_search_words (word)
SELECT DISTINCT stagebook_search_words(stagebook_musician_search_text(stage_name, first_name, last_name, performance_roles, genres))
FROM musician_profiles WHERE website_active
ON CONFLICT DO NOTHING;

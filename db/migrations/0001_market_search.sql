-- /market search (issue 5): typo-tolerant matching with pg_trgm, accent-insensitive with unaccent, and
-- indexes for every marketplace filter, dashboard list and admin list.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); naming the dictionary makes the wrapper safe to index.
CREATE OR REPLACE FUNCTION stagebook_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION stagebook_fold_array(value text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(public.stagebook_fold(x)), '{}'::text[]) FROM unnest(value) AS x $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION stagebook_musician_search_text(
  stage_name text, first_name text, last_name text, roles text[], genres text[]
) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.stagebook_fold(
    coalesce(stage_name, '') || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' ||
    array_to_string(coalesce(roles, '{}'::text[]), ' ') || ' ' || array_to_string(coalesce(genres, '{}'::text[]), ' ')
  ) $$;--> statement-breakpoint
CREATE INDEX "musician_profiles_search_trgm_idx" ON "musician_profiles" USING gin (
  stagebook_musician_search_text("stage_name", "first_name", "last_name", "performance_roles", "genres") gin_trgm_ops
) WHERE "website_active";--> statement-breakpoint
CREATE INDEX "musician_profiles_genres_idx" ON "musician_profiles" USING gin (stagebook_fold_array("genres")) WHERE "website_active";--> statement-breakpoint
CREATE INDEX "musician_profiles_event_types_idx" ON "musician_profiles" USING gin (stagebook_fold_array("event_types")) WHERE "website_active";--> statement-breakpoint
CREATE INDEX "musician_profiles_location_trgm_idx" ON "musician_profiles" USING gin (stagebook_fold("location") gin_trgm_ops) WHERE "website_active";--> statement-breakpoint
CREATE INDEX "musician_profiles_active_rate_idx" ON "musician_profiles" USING btree ("hourly_rate_kobo", "created_at" DESC) WHERE "website_active";--> statement-breakpoint
CREATE INDEX "musician_profiles_active_created_idx" ON "musician_profiles" USING btree ("created_at" DESC) WHERE "website_active";--> statement-breakpoint
CREATE INDEX "user_created_at_idx" ON "user" USING btree ("created_at" DESC);--> statement-breakpoint
CREATE INDEX "bookings_by_musician_status_idx" ON "bookings_by_musician" USING btree ("status");--> statement-breakpoint
CREATE INDEX "bookings_by_musician_event_type_idx" ON "bookings_by_musician" USING btree ("event_type");--> statement-breakpoint
CREATE INDEX "bookings_by_musician_musician_created_idx" ON "bookings_by_musician" USING btree ("musician_id", "created_at" DESC);--> statement-breakpoint
CREATE INDEX "bookings_by_musician_musician_updated_idx" ON "bookings_by_musician" USING btree ("musician_id", "updated_at" DESC) WHERE "status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "bookings_by_musician_event_date_idx" ON "bookings_by_musician" USING btree ("event_date", "musician_id") WHERE "status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "booking_requests_musician_created_idx" ON "booking_requests" USING btree ("musician_id", "created_at" DESC);--> statement-breakpoint
CREATE INDEX "booking_requests_created_at_idx" ON "booking_requests" USING btree ("created_at" DESC);--> statement-breakpoint
CREATE INDEX "client_disputes_created_at_idx" ON "client_disputes" USING btree ("created_at" DESC);

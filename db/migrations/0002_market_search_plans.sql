-- Measured at 100k musicians: the planner misjudged how many rows a state's trigram index match returns
-- (a handful instead of thousands) and drove /market searches from it, 10-50x slower than walking the
-- created_at or rate index and filtering. A state matches 3-20% of musicians, so no index is the right plan.
DROP INDEX IF EXISTS "musician_profiles_location_trgm_idx";

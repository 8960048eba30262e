-- One vocabulary for event types (issue 31 §3, phone walk 2): the profile form now offers the /market
-- filter's list (Wedding, Birthday, Corporate, Cocktail, Concert, Award, Gala). Musicians who followed the
-- old hint and typed "Weddings" or "Corporate events" never matched the filter; their values are mapped
-- onto the list with the same rules as app/lib/event-types.ts (canonicalEventType), keeping their order
-- and dropping duplicates and values that name no listed type (they could never be found by the filter).
CREATE FUNCTION pg_temp.stagebook_event_type(v text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN w ~ '\m(weddings?|marriages?|engagements?)\M' THEN 'Wedding'
    WHEN w ~ '\mbirthdays?\M' THEN 'Birthday'
    WHEN w ~ '\m(corporates?|company|companies|offices?|conferences?|business|businesses)\M' THEN 'Corporate'
    WHEN w ~ '\mcocktails?\M' THEN 'Cocktail'
    WHEN w ~ '\m(concerts?|festivals?|shows?)\M' THEN 'Concert'
    WHEN w ~ '\mawards?\M' THEN 'Award'
    WHEN w ~ '\mgalas?\M' THEN 'Gala'
  END
  FROM (SELECT lower(stagebook_fold(v)) AS w) f
$$;--> statement-breakpoint
UPDATE "musician_profiles" p
SET "event_types" = coalesce((
  SELECT array_agg(t ORDER BY first_at)
  FROM (
    SELECT pg_temp.stagebook_event_type(e) AS t, min(ord) AS first_at
    FROM unnest(p."event_types") WITH ORDINALITY AS u(e, ord)
    WHERE pg_temp.stagebook_event_type(e) IS NOT NULL
    GROUP BY 1
  ) mapped
), '{}')
WHERE cardinality(p."event_types") > 0;

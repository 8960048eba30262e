-- 0045_numbers_fast (issue 38, ADR 0031 addendum): the Numbers page at the bench's size (p95 ≤ 300 ms).
--
-- Profile views summed per musician, day and source, kept by the database itself as views are counted:
-- a year of a busy profile is some 15,000 view rows, and the page read (and sorted) all of them twice
-- per request; it now reads at most 6 rows a day. profile_views stays the record (one row per visitor
-- per day, what "once a day" rests on); this table is only its sums, so it can never disagree with it:
-- every insert, update and delete of profile_views adjusts it in the same statement.
CREATE TABLE "profile_view_days" (
  "musician_id" uuid NOT NULL REFERENCES "musician_profiles"("id") ON DELETE CASCADE,
  "day" date NOT NULL,
  "source" text NOT NULL,
  "views" integer NOT NULL DEFAULT 0,
  "requested" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("musician_id", "day", "source")
);--> statement-breakpoint
INSERT INTO "profile_view_days" ("musician_id", "day", "source", "views", "requested")
SELECT "musician_id", "day", "source", count(*), count(*) FILTER (WHERE "requested")
FROM "profile_views" GROUP BY 1, 2, 3;--> statement-breakpoint
-- One function for the three statement-level triggers (a bulk insert is summed once, not row by row):
-- a row counts +1 as it is now and -1 as it was.
CREATE FUNCTION "profile_view_days_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "profile_view_days" AS d ("musician_id", "day", "source", "views", "requested")
    SELECT "musician_id", "day", "source", count(*), count(*) FILTER (WHERE "requested")
    FROM "new_rows" GROUP BY 1, 2, 3
    ON CONFLICT ("musician_id", "day", "source") DO UPDATE
      SET "views" = d."views" + EXCLUDED."views", "requested" = d."requested" + EXCLUDED."requested";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "profile_view_days" AS d ("musician_id", "day", "source", "views", "requested")
    SELECT "musician_id", "day", "source", sum("views"), sum("requested") FROM (
      SELECT "musician_id", "day", "source", 1 AS "views", CASE WHEN "requested" THEN 1 ELSE 0 END AS "requested"
      FROM "new_rows"
      UNION ALL
      SELECT "musician_id", "day", "source", -1, CASE WHEN "requested" THEN -1 ELSE 0 END FROM "old_rows"
    ) c GROUP BY 1, 2, 3
    ON CONFLICT ("musician_id", "day", "source") DO UPDATE
      SET "views" = d."views" + EXCLUDED."views", "requested" = d."requested" + EXCLUDED."requested";
  ELSE
    -- Only sums that still exist: a deleted musician's go with it (ON DELETE CASCADE).
    UPDATE "profile_view_days" d SET "views" = d."views" - o."views", "requested" = d."requested" - o."requested"
    FROM (SELECT "musician_id", "day", "source", count(*) AS "views", count(*) FILTER (WHERE "requested") AS "requested"
          FROM "old_rows" GROUP BY 1, 2, 3) o
    WHERE d."musician_id" = o."musician_id" AND d."day" = o."day" AND d."source" = o."source";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "profile_view_days_on_insert" AFTER INSERT ON "profile_views"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "profile_view_days_keep"();--> statement-breakpoint
CREATE TRIGGER "profile_view_days_on_update" AFTER UPDATE ON "profile_views"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "profile_view_days_keep"();--> statement-breakpoint
CREATE TRIGGER "profile_view_days_on_delete" AFTER DELETE ON "profile_views"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "profile_view_days_keep"();

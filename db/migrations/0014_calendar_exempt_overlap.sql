-- Hand-written: bookings kept from before the overlap rule (overlap_exempt) sit outside the exclusion
-- constraint, so the constraint alone would let a NEW booking be confirmed over one of them. This
-- trigger refuses that with the constraint's own error (23P01, bookings_by_musician_no_overlap), so
-- the app answers it like any double booking. A row already checked (confirmed, then completed, or
-- paid) whose time did not change is not checked again: the kept overlaps stay as they are.
CREATE INDEX "bookings_by_musician_exempt_busy_idx" ON "bookings_by_musician"
  USING gist ("musician_id", "busy_during") WHERE "overlap_exempt";
--> statement-breakpoint
CREATE FUNCTION bookings_refuse_overlap_with_exempt() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IN ('confirmed', 'completed') AND NOT OLD.overlap_exempt
     AND OLD.musician_id = NEW.musician_id AND OLD.busy_during IS NOT DISTINCT FROM NEW.busy_during THEN
    RETURN NULL;
  END IF;
  IF EXISTS (
    SELECT 1 FROM bookings_by_musician o
    WHERE o.overlap_exempt AND o.musician_id = NEW.musician_id AND o.id <> NEW.id
      AND o.status IN ('confirmed', 'completed') AND o.busy_during && NEW.busy_during
  ) THEN
    RAISE EXCEPTION 'conflicting key value violates exclusion constraint "bookings_by_musician_no_overlap"'
      USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'bookings_by_musician_no_overlap',
        TABLE = 'bookings_by_musician',
        DETAIL = 'The musician has an overlapping booking kept from before the overlap rule.';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_by_musician_no_overlap_with_exempt"
  AFTER INSERT OR UPDATE ON "bookings_by_musician"
  FOR EACH ROW WHEN (NEW.status IN ('confirmed', 'completed') AND NOT NEW.overlap_exempt AND NEW.busy_during IS NOT NULL)
  EXECUTE FUNCTION bookings_refuse_overlap_with_exempt();

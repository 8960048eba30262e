-- Public pages show a musician's taken days and /market's date filter leaves out booked musicians, so a
-- booking entering or leaving the busy statuses drops the cached public pages (as migration 0009 does
-- for the other tables those pages show). Only those changes: payments and edits of pending bookings
-- change nothing organisers see.
CREATE TRIGGER public_pages_busy_changed AFTER UPDATE OF status ON bookings_by_musician
  FOR EACH ROW
  WHEN ((OLD.status IN ('confirmed', 'completed')) IS DISTINCT FROM (NEW.status IN ('confirmed', 'completed')))
  EXECUTE FUNCTION stagebook_public_pages_changed();
--> statement-breakpoint
CREATE TRIGGER public_pages_busy_removed AFTER DELETE ON bookings_by_musician
  FOR EACH ROW WHEN (OLD.status IN ('confirmed', 'completed'))
  EXECUTE FUNCTION stagebook_public_pages_changed();

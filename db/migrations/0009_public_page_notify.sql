-- Cached public pages (app/server/public-cache.server.ts): any change to a table those pages show
-- tells every app process to drop its cached pages. One notification per statement; PostgreSQL folds
-- identical notifications in one transaction and delivers them at commit.
CREATE OR REPLACE FUNCTION stagebook_public_pages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('stagebook_public_pages', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER public_pages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON musician_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION stagebook_public_pages_changed();
--> statement-breakpoint
CREATE TRIGGER public_pages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON musician_portfolio_items
  FOR EACH STATEMENT EXECUTE FUNCTION stagebook_public_pages_changed();
--> statement-breakpoint
CREATE TRIGGER public_pages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON musician_performances
  FOR EACH STATEMENT EXECUTE FUNCTION stagebook_public_pages_changed();
--> statement-breakpoint
CREATE TRIGGER public_pages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON musician_availability
  FOR EACH STATEMENT EXECUTE FUNCTION stagebook_public_pages_changed();
--> statement-breakpoint
CREATE TRIGGER public_pages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION stagebook_public_pages_changed();
--> statement-breakpoint
CREATE TRIGGER public_pages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON musician_unavailable_dates
  FOR EACH STATEMENT EXECUTE FUNCTION stagebook_public_pages_changed();

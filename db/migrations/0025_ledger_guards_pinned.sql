-- Money review 2, N6 (issue 27): the ledger guards no longer read the caller's search_path. PostgreSQL
-- resolves pg_temp first, so a session could shadow ledger_entries with a TEMP table and the deferred
-- balance check would read that instead. Every guard now names public.* and runs with a fixed path, and
-- the app role loses TEMPORARY and CREATE on the database (the job queue's schema is made once by the
-- owner at migrate time, app/server/jobs/queue-schema.server.ts).
CREATE OR REPLACE FUNCTION public.ledger_assert_balanced(txn uuid) RETURNS void
  LANGUAGE plpgsql
  SET search_path = pg_catalog, public
  AS $$
DECLARE
  n integer;
  total numeric;
BEGIN
  SELECT count(*), coalesce(sum(e.amount_kobo), 0) INTO n, total
    FROM public.ledger_entries e WHERE e.transaction_id = txn;
  IF n < 2 THEN
    RAISE EXCEPTION 'ledger transaction % has % entries; at least two are required', txn, n
      USING ERRCODE = 'check_violation';
  END IF;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance: its entries sum to % kobo', txn, total
      USING ERRCODE = 'check_violation';
  END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.ledger_entry_balanced() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog, public
  AS $$ BEGIN PERFORM public.ledger_assert_balanced(NEW.transaction_id); RETURN NULL; END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.ledger_transaction_balanced() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog, public
  AS $$ BEGIN PERFORM public.ledger_assert_balanced(NEW.id); RETURN NULL; END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.ledger_refuse_change() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog, public
  AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.ledger_entry_same_transaction() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog, public
  AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM public.ledger_transactions t
    WHERE t.id = NEW.transaction_id AND t.created_at = pg_catalog.transaction_timestamp()
  ) THEN
    RAISE EXCEPTION 'ledger transaction % was posted earlier: entries cannot be added to it', NEW.transaction_id
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('REVOKE TEMPORARY, CREATE ON DATABASE %I FROM PUBLIC', current_database());
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'stagebook_app') THEN
    EXECUTE format('REVOKE TEMPORARY, CREATE ON DATABASE %I FROM stagebook_app', current_database());
    -- Nor a schema of its own in public to put ahead of ours.
    REVOKE CREATE ON SCHEMA public FROM stagebook_app;
  END IF;
END $$;

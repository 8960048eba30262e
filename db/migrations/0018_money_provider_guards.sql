-- Money paths that survive a provider's lost answer, and database guards the app cannot switch off
-- (money review #4, #5, #11, #13, #15; ADR 0015).
--
-- A refund row is claimed before the provider is called: sending_since is the claim (a lease, so a
-- process that died mid-call does not hold it for ever); two clicks or two workers make one call.
ALTER TABLE "booking_refunds" ADD COLUMN "sending_since" timestamp with time zone;--> statement-breakpoint
-- What a person must look at: a transfer paid after we had marked it failed and the wallet no longer
-- holds the money, a transfer waiting for an OTP, a payout refused because test money funded it.
CREATE TABLE "money_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"musician_id" uuid,
	"amount_kobo" bigint,
	"detail" text NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_alerts_kind_check" CHECK ("money_alerts"."kind" ~ '^[a-z_]+$')
);--> statement-breakpoint
CREATE UNIQUE INDEX "money_alerts_reference_kind_key" ON "money_alerts" USING btree ("reference","kind");--> statement-breakpoint
CREATE INDEX "money_alerts_created_at_idx" ON "money_alerts" USING btree ("created_at");--> statement-breakpoint
-- An entry may only join a ledger transaction inserted by the same database transaction: appending
-- entries that net to zero to an old, posted transaction would rewrite it without a new key.
CREATE OR REPLACE FUNCTION ledger_entry_same_transaction() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM ledger_transactions t
    WHERE t.id = NEW.transaction_id AND t.created_at = transaction_timestamp()
  ) THEN
    RAISE EXCEPTION 'ledger transaction % was posted earlier: entries cannot be added to it', NEW.transaction_id
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_same_transaction
  BEFORE INSERT ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_entry_same_transaction();--> statement-breakpoint
-- The role the app connects as (DATABASE_APP_URL, or the embedded database, which gives it a password
-- at start). Not a superuser and owning nothing, so it can neither disable a trigger nor set
-- session_replication_role; on the ledger it may only read and append. Created when the migrating
-- role may create roles; otherwise an operator creates stagebook_app and runs this migration's grants
-- (README, "Database roles").
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'stagebook_app')
     AND EXISTS (SELECT 1 FROM pg_roles WHERE rolname = current_user AND (rolsuper OR rolcreaterole)) THEN
    CREATE ROLE stagebook_app NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'stagebook_app') THEN
    RAISE NOTICE 'role stagebook_app does not exist: the app keeps connecting as the owner';
    RETURN;
  END IF;
  EXECUTE format('GRANT CONNECT, TEMPORARY ON DATABASE %I TO stagebook_app', current_database());
  -- pg-boss keeps its queue in its own schema, created on first start by whoever connects.
  EXECUTE format('GRANT CREATE ON DATABASE %I TO stagebook_app', current_database());
  GRANT USAGE ON SCHEMA public TO stagebook_app;
  GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO stagebook_app;
  GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO stagebook_app;
  GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO stagebook_app;
  REVOKE UPDATE, DELETE, TRUNCATE ON ledger_accounts, ledger_transactions, ledger_entries FROM stagebook_app;
  -- Tables later migrations create (run by the same owner) are the app's to use too; a migration that
  -- adds a ledger-like table revokes what it must.
  ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO stagebook_app;
  ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO stagebook_app;
  ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT EXECUTE ON FUNCTIONS TO stagebook_app;
END $$;

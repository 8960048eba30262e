-- 0036_backups: the backup watch job's last look (issue 37), one row, for the admin page and its alert.
CREATE TABLE "backup_status" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"target" text NOT NULL,
	"last_wal_name" text,
	"last_wal_at" timestamp with time zone,
	"last_base_backup_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"last_error" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backup_status_one_row" CHECK (id = 1)
);

-- 0036_backups: no schema change.
SELECT 1;

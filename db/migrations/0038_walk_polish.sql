-- 0038_walk_polish: no schema change.
SELECT 1;

-- 0037_numbers: no schema change.
SELECT 1;

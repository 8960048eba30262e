-- 0032_payer_powers: no schema change.
SELECT 1;

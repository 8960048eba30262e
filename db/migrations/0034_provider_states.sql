-- 0034_provider_states: no schema change.
SELECT 1;

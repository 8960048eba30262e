-- 0033_money_events: no schema change.
SELECT 1;

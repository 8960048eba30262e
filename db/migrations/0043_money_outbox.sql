-- 0043_money_outbox: reserved for a branch of this session; replaced by its migration (a no-op until then).
SELECT 1;

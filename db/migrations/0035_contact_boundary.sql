-- 0035_contact_boundary: no schema change.
SELECT 1;

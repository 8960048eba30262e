-- 0035_contact_boundary (issue 36): a profile address may not spell a phone number. Addresses saved
-- before the rule with a run of 5 or more digits, or with 10 or more digits in all (a number split by
-- dashes, "tayo-0803-123-4567"), lose their digits and take a suffix of letters derived from the
-- profile's id (unique, with no digits of its own). Saving now refuses them (isContactSlug).
UPDATE musician_profiles
SET slug = left(
    coalesce(nullif(trim(both '-' from regexp_replace(regexp_replace(slug, '[0-9]+', '', 'g'), '-{2,}', '-', 'g')), ''), 'musician'),
    50
  ) || '-' || translate(substr(md5(id::text), 1, 8), '0123456789', 'ghijklmnop')
WHERE slug IS NOT NULL
  AND (slug ~ '[0-9]{5,}' OR length(regexp_replace(slug, '[^0-9]', '', 'g')) >= 10);

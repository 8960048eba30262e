-- Find collaborators (issue 39): the /market Role filter over the profile's roles. Roles were free tags,
-- so "Drums", "drummer" and "Drummer" never met. The profile form now suggests one vocabulary
-- (app/lib/performance-roles.ts) and saves a known spelling as its role; this maps older profiles' roles
-- the same way (the spellings below are that file's, as keys: folded, other characters one space; a key
-- ending in "s" is also tried without it), keeping their order, once each, and any role the vocabulary
-- does not know as typed. A test checks this list against the file's.
CREATE TEMPORARY TABLE stagebook_role_spellings (key text PRIMARY KEY, role text NOT NULL);--> statement-breakpoint
INSERT INTO stagebook_role_spellings (key, role) VALUES
  ('lead vocalist', 'Lead vocalist'),
  ('vocalist', 'Lead vocalist'),
  ('vocal', 'Lead vocalist'),
  ('lead vocal', 'Lead vocalist'),
  ('lead singer', 'Lead vocalist'),
  ('singer', 'Lead vocalist'),
  ('lead voice', 'Lead vocalist'),
  ('frontman', 'Lead vocalist'),
  ('front man', 'Lead vocalist'),
  ('frontwoman', 'Lead vocalist'),
  ('front woman', 'Lead vocalist'),
  ('backing vocalist', 'Backing vocalist'),
  ('backing vocal', 'Backing vocalist'),
  ('backing singer', 'Backing vocalist'),
  ('backup singer', 'Backing vocalist'),
  ('backup vocalist', 'Backing vocalist'),
  ('backup vocal', 'Backing vocalist'),
  ('back up singer', 'Backing vocalist'),
  ('background singer', 'Backing vocalist'),
  ('background vocalist', 'Backing vocalist'),
  ('background vocal', 'Backing vocalist'),
  ('chorister', 'Backing vocalist'),
  ('chorus singer', 'Backing vocalist'),
  ('bv', 'Backing vocalist'),
  ('drummer', 'Drummer'),
  ('drum', 'Drummer'),
  ('drum kit', 'Drummer'),
  ('drum set', 'Drummer'),
  ('drumset', 'Drummer'),
  ('drum player', 'Drummer'),
  ('jazz drummer', 'Drummer'),
  ('talking drummer', 'Talking drummer'),
  ('talking drum', 'Talking drummer'),
  ('talking drum player', 'Talking drummer'),
  ('gangan', 'Talking drummer'),
  ('gangan drummer', 'Talking drummer'),
  ('dundun', 'Talking drummer'),
  ('dundun drummer', 'Talking drummer'),
  ('iya ilu', 'Talking drummer'),
  ('percussionist', 'Percussionist'),
  ('percussion', 'Percussionist'),
  ('conga', 'Percussionist'),
  ('conga player', 'Percussionist'),
  ('congo', 'Percussionist'),
  ('bongo', 'Percussionist'),
  ('djembe', 'Percussionist'),
  ('djembe player', 'Percussionist'),
  ('shekere player', 'Shekere player'),
  ('shekere', 'Shekere player'),
  ('sekere', 'Shekere player'),
  ('sekere player', 'Shekere player'),
  ('bassist', 'Bassist'),
  ('bass', 'Bassist'),
  ('bass guitar', 'Bassist'),
  ('bass guitarist', 'Bassist'),
  ('bass player', 'Bassist'),
  ('bass guitar player', 'Bassist'),
  ('guitarist', 'Guitarist'),
  ('guitar', 'Guitarist'),
  ('guitar player', 'Guitarist'),
  ('lead guitar', 'Guitarist'),
  ('lead guitarist', 'Guitarist'),
  ('rhythm guitar', 'Guitarist'),
  ('rhythm guitarist', 'Guitarist'),
  ('acoustic guitarist', 'Guitarist'),
  ('solo guitarist', 'Guitarist'),
  ('keyboardist', 'Keyboardist'),
  ('keyboard', 'Keyboardist'),
  ('keyboard player', 'Keyboardist'),
  ('key', 'Keyboardist'),
  ('keys player', 'Keyboardist'),
  ('piano', 'Keyboardist'),
  ('pianist', 'Keyboardist'),
  ('synth', 'Keyboardist'),
  ('synth player', 'Keyboardist'),
  ('organist', 'Organist'),
  ('organ', 'Organist'),
  ('organ player', 'Organist'),
  ('church organist', 'Organist'),
  ('saxophonist', 'Saxophonist'),
  ('sax', 'Saxophonist'),
  ('saxophone', 'Saxophonist'),
  ('sax player', 'Saxophonist'),
  ('saxophone player', 'Saxophonist'),
  ('saxist', 'Saxophonist'),
  ('trumpeter', 'Trumpeter'),
  ('trumpet', 'Trumpeter'),
  ('trumpet player', 'Trumpeter'),
  ('trumpetist', 'Trumpeter'),
  ('trombonist', 'Trombonist'),
  ('trombone', 'Trombonist'),
  ('trombone player', 'Trombonist'),
  ('flautist', 'Flautist'),
  ('flute', 'Flautist'),
  ('flutist', 'Flautist'),
  ('flute player', 'Flautist'),
  ('violinist', 'Violinist'),
  ('violin', 'Violinist'),
  ('violin player', 'Violinist'),
  ('fiddle', 'Violinist'),
  ('fiddler', 'Violinist'),
  ('cellist', 'Cellist'),
  ('cello', 'Cellist'),
  ('cello player', 'Cellist'),
  ('dj', 'DJ'),
  ('d j', 'DJ'),
  ('deejay', 'DJ'),
  ('disc jockey', 'DJ'),
  ('disk jockey', 'DJ'),
  ('turntablist', 'DJ'),
  ('mc hype man', 'MC / Hype man'),
  ('mc', 'MC / Hype man'),
  ('m c', 'MC / Hype man'),
  ('emcee', 'MC / Hype man'),
  ('mc hypeman', 'MC / Hype man'),
  ('hype man', 'MC / Hype man'),
  ('hypeman', 'MC / Hype man'),
  ('hype woman', 'MC / Hype man'),
  ('hypewoman', 'MC / Hype man'),
  ('master of ceremony', 'MC / Hype man'),
  ('master of ceremonies', 'MC / Hype man'),
  ('compere', 'MC / Hype man'),
  ('host', 'MC / Hype man'),
  ('event host', 'MC / Hype man'),
  ('rapper', 'Rapper'),
  ('rap', 'Rapper'),
  ('hip hop artist', 'Rapper'),
  ('mc rapper', 'Rapper'),
  ('spoken word artist', 'Spoken word artist'),
  ('spoken word', 'Spoken word artist'),
  ('spoken word poet', 'Spoken word artist'),
  ('poet', 'Spoken word artist'),
  ('band leader', 'Band leader'),
  ('bandleader', 'Band leader'),
  ('leader', 'Band leader'),
  ('music director', 'Music director'),
  ('musical director', 'Music director'),
  ('md', 'Music director'),
  ('sound engineer', 'Sound engineer'),
  ('sound man', 'Sound engineer'),
  ('soundman', 'Sound engineer'),
  ('sound tech', 'Sound engineer'),
  ('audio engineer', 'Sound engineer'),
  ('cultural dancer', 'Cultural dancer'),
  ('dancer', 'Cultural dancer'),
  ('cultural dance', 'Cultural dancer'),
  ('dance troupe', 'Cultural dancer'),
  ('cultural troupe', 'Cultural dancer');--> statement-breakpoint
CREATE FUNCTION pg_temp.stagebook_role(v text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT s.role FROM stagebook_role_spellings s WHERE s.key = f.key),
    (SELECT s.role FROM stagebook_role_spellings s WHERE f.key LIKE '%s' AND s.key = left(f.key, -1)))
  FROM (SELECT btrim(regexp_replace(stagebook_fold(v), '[^[:alnum:]]+', ' ', 'g')) AS key) f
$$;--> statement-breakpoint
UPDATE "musician_profiles" p
SET "performance_roles" = (
  SELECT array_agg(t ORDER BY first_at)
  FROM (
    SELECT coalesce(pg_temp.stagebook_role(r), r) AS t, min(ord) AS first_at
    FROM unnest(p."performance_roles") WITH ORDINALITY AS u(r, ord)
    GROUP BY 1
  ) mapped
)
WHERE EXISTS (
  SELECT 1 FROM unnest(p."performance_roles") r WHERE pg_temp.stagebook_role(r) IS DISTINCT FROM r
    AND pg_temp.stagebook_role(r) IS NOT NULL
);--> statement-breakpoint
DROP FUNCTION pg_temp.stagebook_role(text);--> statement-breakpoint
DROP TABLE stagebook_role_spellings;--> statement-breakpoint
-- The filter reads the folded roles, stored once per write as the genres are (migration 0017), from a
-- GIN index of their own, so Role alone reads only its matches, and with a genre, an event type or
-- words is combined with the market's other indexes. Those stay as they were: a fourth column in the
-- search index or a third in the facets index made them dearer in the planner's eyes, and text + 2
-- filters searches then walked the listing's order instead.
ALTER TABLE "musician_profiles"
  ADD COLUMN IF NOT EXISTS "roles_folded" text[] GENERATED ALWAYS AS (stagebook_fold_array("performance_roles")) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "musician_profiles_roles_idx" ON "musician_profiles" USING gin ("roles_folded") WHERE "website_active";--> statement-breakpoint
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM "musician_profiles") THEN ANALYZE "musician_profiles"; END IF;
END $$;

-- Display names are one rule everywhere (lib/users/display-name.ts): trimmed,
-- 1 to 100 characters, no control characters, unique regardless of case (a
-- rater cannot take another's name). Names stored before the rule (through
-- better-auth's update-user, now closed) are repaired first, so the unique
-- index can be built: cut to the rule, then every duplicate but the oldest
-- gets its id's first characters appended.

UPDATE "app_user"
SET "name" = left(btrim(regexp_replace("name", '[[:cntrl:]]', '', 'g')), 100)
WHERE "name" <> left(btrim(regexp_replace("name", '[[:cntrl:]]', '', 'g')), 100);

UPDATE "app_user" SET "name" = 'User ' || left("id", 8) WHERE "name" = '';

WITH ranked AS (
    SELECT "id", row_number() OVER (PARTITION BY lower("name") ORDER BY "created_at", "id") AS n
    FROM "app_user"
)
UPDATE "app_user" AS u
SET "name" = left(btrim(u."name"), 91) || ' ' || left(u."id", 8)
FROM ranked
WHERE ranked."id" = u."id" AND ranked.n > 1;

ALTER TABLE "app_user" ADD CONSTRAINT "app_user_name_valid"
    CHECK (char_length("name") BETWEEN 1 AND 100 AND "name" !~ '[[:cntrl:]]');

CREATE UNIQUE INDEX "app_user_name_lower_key" ON "app_user"(lower("name"));

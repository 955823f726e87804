-- The records browser (lib/records/browse.ts): a text search over what raters
-- wrote (every rationale, the hazard evidence and the free-form notes) and the
-- system under test, both filters over hundreds of thousands of records.

-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- The searched text of a record body. IMMUTABLE so a generated column can
-- hold it: a filter then reads a short text column instead of walking every
-- body's JSON (measured: ~7 µs a row for the function, which a newest-first
-- page over a common word pays for thousands of rows).
CREATE FUNCTION eval_record_search_text(body jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(string_agg(part #>> '{}', E'\n'), '')
    FROM (
      SELECT jsonb_path_query(body, 'lax $.**.rationale ? (@.type() == "string")')
      UNION ALL
      SELECT jsonb_path_query(body, 'lax $.safety.*.evidence ? (@.type() == "string")')
      UNION ALL
      SELECT jsonb_path_query(body, 'lax $.freeform.* ? (@.type() == "string")')
    ) AS texts(part)
  $$;

ALTER TABLE "eval_record" ADD COLUMN "search_text" text GENERATED ALWAYS AS (eval_record_search_text("body")) STORED;

-- Still append-only, filling a missing fingerprint the one change allowed. A
-- BEFORE trigger sees a generated column not yet computed (NULL in NEW), so
-- search_text is left out of the comparison with body_sha256: it follows
-- from the body, which must not change.
CREATE OR REPLACE FUNCTION "eval_record_reject_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND OLD."body_sha256" IS NULL AND NEW."body_sha256" IS NOT NULL
        AND (to_jsonb(NEW) - 'body_sha256' - 'search_text') = (to_jsonb(OLD) - 'body_sha256' - 'search_text') THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'eval_record is append-only: % rejected; submit a new record whose derived_from names the old one', TG_OP
        USING ERRCODE = 'integrity_constraint_violation';
END;
$$;

-- Trigram index: a word or any part of one, case-insensitively (ILIKE).
CREATE INDEX "eval_record_search_trgm_idx" ON "eval_record" USING gin ("search_text" gin_trgm_ops);

-- A person's records newest first (rater by name): rater.id names the user
-- for raters, SMEs and hybrid reviews (an imported record's submitter is the admin).
CREATE INDEX "eval_record_person_rater_idx" ON "eval_record" ("rater_id", "created_at" DESC, "eval_id" DESC)
  WHERE "rater_type" IN ('human', 'sme', 'hybrid');

-- The system under test, filtered and listed beside each record.
CREATE INDEX "eval_record_system_idx" ON "eval_record" (("body" #>> '{subject,system_under_test}'));

-- The browser's score orders (universal dimensions: the score columns it shows),
-- one index each in the keyset's own order: the expression is browse.ts's
-- sort key, a record without that score sorting as 0.
CREATE INDEX "eval_record_helpfulness_idx" ON "eval_record" ((coalesce(("body" #>> '{universal,helpfulness,score}')::float8, 0)), "eval_id");
CREATE INDEX "eval_record_instruction_following_idx" ON "eval_record" ((coalesce(("body" #>> '{universal,instruction_following,score}')::float8, 0)), "eval_id");
CREATE INDEX "eval_record_faithfulness_idx" ON "eval_record" ((coalesce(("body" #>> '{universal,faithfulness,score}')::float8, 0)), "eval_id");
CREATE INDEX "eval_record_safety_overall_idx" ON "eval_record" ((coalesce(("body" #>> '{universal,safety_overall,score}')::float8, 0)), "eval_id");
CREATE INDEX "eval_record_overall_quality_idx" ON "eval_record" ((coalesce(("body" #>> '{universal,overall_quality,score}')::float8, 0)), "eval_id");

-- Per pairwise suite: how the side each rater's pairs showed the pair's first
-- system on follows from one claim to the next (side-sequences.ts says why).
-- Rated under the old rule (a coin for a rater's first pair, then always the
-- other side, until issue 33), every rater's sequence strictly alternates and
-- no step keeps the side: strictly_alternating = raters, steps_keeping_side =
-- 0. With a fresh coin per pair, strictly_alternating is near
-- expected_by_chance and steps_keeping_side near half the steps. Raters'
-- pairs (skipped ones too: the old rule counted them) by claim time; SME pair
-- reviews by their last hold, the order the old rule read them in.
-- Run: psql "$DATABASE_URL" -f lib/pairwise/side-sequences.sql
WITH claims AS (
  SELECT 'rater' AS who, a.suite_id, a.rater_id AS person, a.first_shown_left AS shown_left, a.created_at AS at, a.id::text AS tie
  FROM pairwise_assignment a
  UNION ALL
  SELECT 'sme review', t.suite_id, t.reviewer_id, t.first_shown_left, t.held_until, t.judge_eval_id::text
  FROM pairwise_review_task t WHERE t.reviewer_id IS NOT NULL AND t.first_shown_left IS NOT NULL
), steps AS (
  SELECT who, suite_id, person, row_number() OVER w AS n,
         shown_left IS DISTINCT FROM lag(shown_left) OVER w AS changed
  FROM claims WINDOW w AS (PARTITION BY who, suite_id, person ORDER BY at, tie)
), people AS (
  SELECT who, suite_id, person, max(n) AS pairs,
         coalesce(bool_and(changed) FILTER (WHERE n > 1), false) AS alternates,
         count(*) FILTER (WHERE n > 1 AND NOT changed) AS kept, count(*) FILTER (WHERE n > 1) AS steps
  FROM steps GROUP BY who, suite_id, person
)
SELECT s.key AS suite, p.who, count(*) AS raters,
       count(*) FILTER (WHERE p.alternates) AS strictly_alternating,
       round(sum(2 ^ (1 - p.pairs))::numeric, 2) AS expected_by_chance,
       sum(p.kept) AS steps_keeping_side, sum(p.steps) AS steps
FROM people p JOIN pairwise_suite s ON s.id = p.suite_id
WHERE p.pairs >= 4 -- shorter sequences alternate by chance too often to tell
GROUP BY s.key, p.who ORDER BY s.key, p.who;

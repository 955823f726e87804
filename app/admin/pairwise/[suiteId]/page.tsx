// A pairwise suite's leaderboard (admin): the figures as tables and charts
// (each chart's data as CSV and JSON), whose judgments they count (all,
// humans, the LLM judge), the LLM judge runs with their flip rate and
// position bias, and the SMEs who review the judge's verdicts; the JSON
// download is the same numbers from the API.
import type { Metadata } from "next";
import Link from "next/link";
import { LeaderboardCharts } from "@/components/pairwise/leaderboard-charts";
import { LeaderboardTables } from "@/components/pairwise/leaderboard-tables";
import { can } from "@/lib/auth/authorize";
import { requirePageActor } from "@/lib/auth/page-guard";
import { orNotFound } from "@/lib/http/or-not-found";
import { configuredJudge } from "@/lib/judge-runs/service";
import { listPairwiseJudgeRuns } from "@/lib/pairwise/judge-run";
import { LEADERBOARD_RATERS, type LeaderboardRaters } from "@/lib/pairwise/leaderboard";
import { pairwiseLeaderboard } from "@/lib/pairwise/leaderboard-query";
import { pairwiseSuiteReviewers } from "@/lib/pairwise/pair-reviewers";
import { deepSnakeKeys } from "@/lib/pairwise/snake-json";
import { listUsers } from "@/lib/users/service";
import { PairwiseJudgeRunsClient, type PairwiseJudgeRunView } from "./pairwise-judge-runs-client";
import { PairwiseReviewersClient } from "./pairwise-reviewers-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Pairwise leaderboard" };

const RATER_LABELS: Record<LeaderboardRaters, string> = {
  all: "All judgments",
  humans: "Humans only",
  judge: "LLM judge only",
};

export default async function PairwiseLeaderboardPage({
  params,
  searchParams,
}: {
  params: Promise<{ suiteId: string }>;
  searchParams: Promise<{ raters?: string }>;
}) {
  const { suiteId } = await params;
  const requested = (await searchParams).raters;
  const raters = LEADERBOARD_RATERS.find((value) => value === requested) ?? "all";
  const actor = await requirePageActor({ returnTo: `/admin/pairwise/${suiteId}`, action: "suites.manage" });
  const board = await orNotFound(pairwiseLeaderboard({ actor, suiteId, raters }));
  const { suite } = board;
  const judges = can(actor, "judge_runs.manage");
  // As the API answers them (dates as ISO strings): the client component polls the same shape.
  const runs = judges
    ? (JSON.parse(
        JSON.stringify(deepSnakeKeys(await listPairwiseJudgeRuns({ actor, suiteId: suite.id }))),
      ) as PairwiseJudgeRunView[])
    : [];
  const [reviewerIds, users] = await Promise.all([
    pairwiseSuiteReviewers({ actor, suiteId: suite.id }),
    listUsers({ actor }),
  ]);
  // Active SMEs, and every current one (even one disabled since, so keeping them is no change).
  const smes = users
    .filter((user) => reviewerIds.includes(user.id) || (!user.disabledAt && user.roles.includes("sme")))
    .map((user) => ({ id: user.id, label: `${user.name} <${user.email}>` }));
  const apiPath = `/api/pairwise/suites/${suite.id}/leaderboard${raters === "all" ? "" : `?raters=${raters}`}`;
  return (
    <>
      <p>
        <Link href="/admin/pairwise">← Pairwise suites</Link>
      </p>
      <h1>Leaderboard · {suite.name}</h1>
      <p>
        {board.judgments} judgments of {suite.pairs} pairs (
        {suite.design === "baseline" ? `against ${suite.baselineSystem}` : "all pairs"}, overlap {suite.overlapK}).{" "}
        <a href={apiPath} download={`leaderboard-${suite.key}-${raters}.json`}>
          Download as JSON
        </a>
      </p>
      <nav aria-label="Whose judgments the win rates and ratings count" className="link-choices">
        {LEADERBOARD_RATERS.map((value) => (
          <Link
            key={value}
            href={value === "all" ? `/admin/pairwise/${suite.id}` : `/admin/pairwise/${suite.id}?raters=${value}`}
            aria-current={value === raters ? "page" : undefined}
            className={value === raters ? "btn" : "btn btn-link"}
          >
            {RATER_LABELS[value]}
          </Link>
        ))}
      </nav>
      <p className="help-block">
        Win rates and Bradley–Terry ratings count {RATER_LABELS[raters].toLowerCase()}; position bias and agreement
        always show humans and judge separately.
      </p>
      <LeaderboardTables board={board} />
      <LeaderboardCharts
        data={{
          suiteKey: suite.key,
          baseline: board.baseline,
          winRates: board.winRates.map((row) => ({ ...row })),
          bradleyTerry: {
            scores: board.bradleyTerry.scores.map((score) => ({ ...score })),
            systems: [...board.bradleyTerry.systems],
            winMatrix: board.bradleyTerry.winMatrix.map((row) => [...row]),
          },
          positionBias: board.positionBias,
          positionBiasByRaterType: board.positionBiasByRaterType.map((entry) => ({ ...entry })),
          agreement: board.agreement,
          agreementByRaters: board.agreementByRaters,
        }}
      />
      {judges ? <PairwiseJudgeRunsClient suiteId={suite.id} judge={configuredJudge({ actor })} runs={runs} /> : null}
      <PairwiseReviewersClient suiteId={suite.id} initial={reviewerIds} smes={smes} />
      {suite.unmatchedTasks.length > 0 ? (
        <section className="panel" aria-labelledby="unmatched">
          <h2 id="unmatched">Unmatched tasks</h2>
          <p className="help-block">Tasks some system has no response to; they are not paired with that system.</p>
          <ul data-testid="unmatched-tasks">
            {suite.unmatchedTasks.map((task) => (
              <li key={task.task_id}>
                {task.task_id}: no response from {task.missing.join(", ")}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

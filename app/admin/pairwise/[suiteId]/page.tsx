// A pairwise suite's leaderboard (admin): the figures as tables and charts
// (each chart's data as CSV and JSON), whose judgments they count (all,
// humans, the LLM judge), and the LLM judge runs with their flip rate and
// position bias; the JSON download is the same numbers from the API. Its
// raters, SMEs, pause and archive are managed on ./settings.
import type { Metadata } from "next";
import Link from "next/link";
import { LeaderboardCharts } from "@/components/pairwise/leaderboard-charts";
import { LeaderboardSliceForm } from "@/components/pairwise/leaderboard-slice-form";
import { LeaderboardTables } from "@/components/pairwise/leaderboard-tables";
import { WinRateEstimatesSection } from "@/components/pairwise/win-rate-estimates-section";
import { can } from "@/lib/auth/authorize";
import { requirePageActor } from "@/lib/auth/page-guard";
import { orNotFound } from "@/lib/http/or-not-found";
import { configuredJudge } from "@/lib/judge-runs/service";
import { listPairwiseJudgeRuns } from "@/lib/pairwise/judge-run";
import { LEADERBOARD_RATERS, type LeaderboardRaters } from "@/lib/pairwise/leaderboard";
import { pairwiseLeaderboard, pairwiseSliceOptions, type PairwiseLeaderboard } from "@/lib/pairwise/leaderboard-query";
import {
  isSliced,
  leaderboardSliceOf,
  sliceLabel,
  sliceSearchParams,
  type LeaderboardSlice,
} from "@/lib/pairwise/leaderboard-slice";
import { deepSnakeKeys } from "@/lib/pairwise/snake-json";
import { PairwiseJudgeRunsClient, type PairwiseJudgeRunView } from "./pairwise-judge-runs-client";

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
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { suiteId } = await params;
  const query = await searchParams;
  const raters = LEADERBOARD_RATERS.find((value) => value === query.raters) ?? "all";
  // Which pairs the figures count (a modality or item tag slice) is in the URL, so a sliced view can be shared.
  const requestedSlice = leaderboardSliceOf(query);
  const actor = await requirePageActor({ returnTo: `/admin/pairwise/${suiteId}`, action: "suites.manage" });
  // A tag that is not key=value slices nothing rather than failing the page; the API refuses it with 422.
  const slice: LeaderboardSlice =
    requestedSlice.tag !== undefined && !requestedSlice.tag.includes("=")
      ? { modality: requestedSlice.modality }
      : requestedSlice;
  const [board, sliceOptions] = await Promise.all([
    orNotFound(pairwiseLeaderboard({ actor, suiteId, raters, slice })),
    pairwiseSliceOptions({ actor, suiteId }),
  ]);
  const { suite } = board;
  const sliced = isSliced(slice);
  const label = sliceLabel(slice);
  /** This page's URL with these raters and the current slice. */
  const hrefOf = (choice: LeaderboardRaters, keepSlice = true) => {
    const search = keepSlice ? sliceSearchParams(slice) : new URLSearchParams();
    if (choice !== "all") search.set("raters", choice);
    const text = search.toString();
    return `/admin/pairwise/${suite.id}${text ? `?${text}` : ""}`;
  };
  const judges = can(actor, "judge_runs.manage");
  // As the API answers them (dates as ISO strings): the client component polls the same shape.
  const runs = judges
    ? (JSON.parse(
        JSON.stringify(deepSnakeKeys(await listPairwiseJudgeRuns({ actor, suiteId: suite.id }))),
      ) as PairwiseJudgeRunView[])
    : [];
  const apiQuery = sliceSearchParams(slice);
  if (raters !== "all") apiQuery.set("raters", raters);
  const apiPath = `/api/pairwise/suites/${suite.id}/leaderboard${apiQuery.size ? `?${apiQuery}` : ""}`;
  const fileStem = [suite.key, slice.modality, slice.tag?.replace(/[^A-Za-z0-9_.-]+/g, "-")].filter(Boolean).join("-");
  return (
    <>
      <p>
        <Link href="/admin/pairwise">← Pairwise suites</Link>
      </p>
      <h1>Leaderboard · {suite.name}</h1>
      {suite.archived || suite.paused ? (
        <p className="notice notice-warning" data-testid="suite-state">
          {suite.archived ? "Archived: out of every queue and of the pairwise suites list. " : ""}
          {suite.paused ? "Paused: no pairs are handed out. " : ""}
        </p>
      ) : null}
      <p>
        <Link className="btn" href={`/admin/pairwise/${suite.id}/settings`}>
          Manage: raters, SMEs, pause, archive, k, guidelines
        </Link>
      </p>
      <LeaderboardSliceForm
        slice={board.slice}
        options={sliceOptions}
        raters={raters}
        clearHref={sliced ? hrefOf(raters, false) : null}
      />
      <p data-testid="leaderboard-count">
        {board.judgments} judgments {sliced ? `in the slice ${label}` : `of ${suite.pairs} pairs`} (
        {suite.design === "baseline" ? `against ${suite.baselineSystem}` : "all pairs"}, overlap {suite.overlapK}).{" "}
        <a href={apiPath} download={`leaderboard-${fileStem}-${raters}.json`}>
          Download as JSON
        </a>
      </p>
      <nav aria-label="Whose judgments the win rates and ratings count" className="link-choices">
        {LEADERBOARD_RATERS.map((value) => (
          <Link
            key={value}
            href={hrefOf(value)}
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
      {sliced && board.judgments === 0 ? (
        <section className="panel" aria-labelledby="empty-slice" data-testid="empty-slice">
          <h2 id="empty-slice">No judgments in this slice</h2>
          <p>
            None of the judgments counted ({RATER_LABELS[raters].toLowerCase()}) is of a pair with {label}. Choose
            another slice, or <a href={hrefOf(raters, false)}>see the whole suite</a>.
          </p>
        </section>
      ) : (
        <LeaderboardFigures board={board} fileStem={fileStem} />
      )}
      {judges ? <PairwiseJudgeRunsClient suiteId={suite.id} judge={configuredJudge({ actor })} runs={runs} /> : null}
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

/** The figures as tables and charts; chart downloads are named after the suite and slice. */
function LeaderboardFigures({ board, fileStem }: { board: PairwiseLeaderboard; fileStem: string }) {
  return (
    <>
      <LeaderboardTables board={board} />
      <WinRateEstimatesSection estimates={board.estimates} />
      <LeaderboardCharts
        data={{
          fileStem,
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
    </>
  );
}

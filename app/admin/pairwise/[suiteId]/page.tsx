// A pairwise suite's leaderboard (admin): the figures as tables; the JSON
// download is the same numbers from the API.
import type { Metadata } from "next";
import Link from "next/link";
import { LeaderboardTables } from "@/components/pairwise/leaderboard-tables";
import { requirePageActor } from "@/lib/auth/page-guard";
import { orNotFound } from "@/lib/http/or-not-found";
import { pairwiseLeaderboard } from "@/lib/pairwise/leaderboard-query";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Pairwise leaderboard" };

export default async function PairwiseLeaderboardPage({ params }: { params: Promise<{ suiteId: string }> }) {
  const { suiteId } = await params;
  const actor = await requirePageActor({ returnTo: `/admin/pairwise/${suiteId}`, action: "suites.manage" });
  const board = await orNotFound(pairwiseLeaderboard({ actor, suiteId }));
  const { suite } = board;
  return (
    <>
      <p>
        <Link href="/admin/pairwise">← Pairwise suites</Link>
      </p>
      <h1>Leaderboard · {suite.name}</h1>
      <p>
        {board.judgments} judged pairs of {suite.pairs} (
        {suite.design === "baseline" ? `against ${suite.baselineSystem}` : "all pairs"}, overlap {suite.overlapK}).{" "}
        <a href={`/api/pairwise/suites/${suite.id}/leaderboard`} download={`leaderboard-${suite.key}.json`}>
          Download as JSON
        </a>
      </p>
      <LeaderboardTables board={board} />
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

// Raters (admin): each person's work over a window, overall or in one suite —
// how much, how fast (server-bounded active time), skips and corrections.
import type { Metadata } from "next";
import { ReliabilityTable } from "@/components/raters/reliability-table";
import { WorkTable } from "@/components/raters/work-table-client";
import { requirePageActor } from "@/lib/auth/page-guard";
import { personSortKey, sortPeople } from "@/lib/raters/sort-people";
import { suiteRaterReliability } from "@/lib/raters/suite-reliability";
import { workSummary } from "@/lib/raters/work-summary";
import { listSuites } from "@/lib/suites/service";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Raters" };

type SearchParams = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);
const WINDOWS = [7, 30, 90] as const;

export default async function RatersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const actor = await requirePageActor({ returnTo: "/admin/raters", action: "users.manage" });
  const params = await searchParams;
  const days = WINDOWS.find((window) => String(window) === one(params.days)) ?? 30;
  const suiteId = one(params.suite) || null;
  const [summary, suites] = await Promise.all([
    workSummary({ actor, suiteId, days }),
    listSuites({ actor, includeArchived: true }),
  ]);
  const reliability = summary.suite ? await suiteRaterReliability({ actor, suiteId: summary.suite.id }) : null;
  const people = sortPeople(summary.people, personSortKey(one(params.sort)), one(params.dir) === "desc");
  return (
    <>
      <h1>Raters</h1>
      <p className="help-block">
        Each person&apos;s work in the last {days} days: ratings, SME reviews and adjudications counted the same way.
        Active time is the time their page was visible, focused and in use (an input within the last minute), never more
        than the time that passed; work done before it was measured is not timed.
      </p>
      <form method="get" action="/admin/raters" className="panel inline-form" aria-label="Choose the raters' window">
        <div className="form-group">
          <label className="control-label" htmlFor="raters-suite">
            Suite
          </label>
          <select id="raters-suite" name="suite" className="form-control" defaultValue={suiteId ?? ""}>
            <option value="">Every suite</option>
            {suites.map((suite) => (
              <option key={suite.id} value={suite.id}>
                {suite.name} ({suite.key})
              </option>
            ))}
          </select>
        </div>
        <div className="form-group">
          <label className="control-label" htmlFor="raters-days">
            Window
          </label>
          <select id="raters-days" name="days" className="form-control" defaultValue={String(days)}>
            {WINDOWS.map((window) => (
              <option key={window} value={window}>
                Last {window} days
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn">
          Show
        </button>
      </form>
      <WorkTable
        people={people}
        caption={summary.suite ? `Work in ${summary.suite.name}` : "Work in every suite"}
        suiteKey={summary.suite?.key ?? null}
      />
      {reliability ? <ReliabilityTable rows={reliability} /> : null}
    </>
  );
}

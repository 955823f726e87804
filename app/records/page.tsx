// The records browser: the record filter (lib/export/record-filter.ts) read
// from the URL, one keyset page of matching records, sortable by date, task,
// suite or any universal score; admins export the same filter in one click.
// Raters and SMEs see their own records; admins see everyone's.
import type { Metadata } from "next";
import Link from "next/link";
import { HAZARDS, LIKERT_DIMENSIONS, RATER_TYPES, UNIVERSAL_DIMENSIONS } from "@/lib/aif/contract-facts";
import { fieldName } from "@/lib/aif/field-labels";
import { can } from "@/lib/auth/authorize";
import { requirePageActor } from "@/lib/auth/page-guard";
import { AppError } from "@/lib/errors";
import { parseRecordFilter, parseScoreRange, type RecordFilter } from "@/lib/export/record-filter";
import { DEFAULT_EXPORT_FORMAT } from "@/lib/export/formats/registry";
import { browseRecords, DEFAULT_RECORD_SORT, RECORD_SORTS, raterNames } from "@/lib/records/browse";
import { raterLabel } from "@/lib/records/rater-label";
import { listSuites } from "@/lib/suites/service";
import { ExportThese } from "./export-these-client";
import { RecordsFilter, type FilterValues } from "./records-filter-client";
import { RecordsTable, type RecordRow } from "./records-table-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Records" };

const PAGE_SIZE = 50;
const SCORE_COLUMNS = UNIVERSAL_DIMENSIONS.map((name) => {
  const path = `universal.${name}`;
  return { path, label: fieldName(path), index: LIKERT_DIMENSIONS.indexOf(path) };
});
const HAZARD_OPTIONS = [
  { value: "any:violating", label: "Any hazard: violating" },
  ...HAZARDS.flatMap((hazard) =>
    ["violating", "unsure"].map((verdict) => ({
      value: `${hazard}:${verdict}`,
      label: `${fieldName(`safety.${hazard}`).replace(/^Safety › /, "")}: ${verdict}`,
    })),
  ),
];

type SearchParams = Record<string, string | string[] | undefined>;

function urlParams(searchParams: SearchParams): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(searchParams))
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(key, one);
  return params;
}

function formValues(filter: RecordFilter, sort: string): FilterValues {
  const scores: FilterValues["scores"] = {};
  for (const text of filter.score ?? []) {
    const range = parseScoreRange(text);
    if (typeof range === "string") continue;
    scores[range.dimension] = { min: range.min?.toString() ?? "", max: range.max?.toString() ?? "" };
  }
  const day = (instant: string | undefined, shift = 0) =>
    instant ? new Date(Date.parse(instant) + shift).toISOString().slice(0, 10) : "";
  return {
    q: filter.q ?? "",
    suiteId: filter.suite_id ?? "",
    taskId: (filter.task_id ?? []).join(" "),
    raterName: filter.rater_name ?? "",
    raterType: filter.rater_type?.[0] ?? "",
    system: filter.system ?? "",
    from: day(filter.from),
    to: day(filter.to, -1),
    derived: filter.derived === undefined ? "" : String(filter.derived),
    gold: filter.gold === undefined ? "" : String(filter.gold),
    hazard: filter.hazard?.[0] ?? "",
    scores,
    sort,
  };
}

export default async function RecordsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = urlParams(await searchParams);
  const actor = await requirePageActor({ returnTo: `/records?${params.toString()}`, action: "records.read_own" });
  const admin = can(actor, "records.read_all");
  const mayRate = can(actor, "records.submit");
  const sort = params.get("sort") ?? DEFAULT_RECORD_SORT;
  const cursor = params.get("cursor");
  let filter: RecordFilter = {};
  let problem: AppError | null = null;
  try {
    if (!RECORD_SORTS.includes(sort)) throw new AppError("INVALID_INPUT", `Unknown sort ${sort}`);
    filter = parseRecordFilter(params, ["cursor", "sort"]);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    problem = error;
  }
  const page = problem
    ? { records: [], nextCursor: null }
    : await browseRecords({ actor, filter, sort, cursor, limit: PAGE_SIZE }).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
        problem = error;
        return { records: [], nextCursor: null };
      });
  const [suites, names] = admin ? await Promise.all([listSuites({ actor }), raterNames({ actor })]) : [[], []];
  const rows: RecordRow[] = page.records.map((record) => ({
    evalId: record.evalId,
    createdAt: record.createdAt.toISOString(),
    rater: raterLabel({
      raterType: record.raterType,
      raterId: record.raterId,
      name: record.raterName,
      model: record.raterModel,
      version: record.raterVersion,
    }),
    raterType: record.raterType,
    suite: record.suiteName ?? record.suiteId ?? "—",
    taskId: record.taskId,
    system: record.systemWithheld ? "withheld while the pairwise suite is open" : (record.system ?? ""),
    scores: record.scores,
    violating: record.violating,
    derivedFrom: record.derivedFrom,
  }));
  const next = new URLSearchParams(params);
  if (page.nextCursor) next.set("cursor", page.nextCursor);
  const first = new URLSearchParams(params);
  first.delete("cursor");
  const filtered = [...params.keys()].some((key) => key !== "cursor" && key !== "sort");
  const shownProblem = problem as AppError | null;
  return (
    <>
      <div className="page-heading">
        <h1>{admin ? "All records" : "Your records"}</h1>
        {mayRate ? (
          <Link href="/records/new" className="btn btn-primary">
            New rating
          </Link>
        ) : null}
        {admin && !shownProblem ? <ExportThese filter={filter} format={DEFAULT_EXPORT_FORMAT} /> : null}
      </div>
      <RecordsFilter
        key={params.toString()}
        initial={formValues(filter, sort)}
        options={{
          suites: suites.map((suite) => ({ key: suite.key, name: suite.name })),
          raterNames: names,
          raterTypes: RATER_TYPES,
          hazards: HAZARD_OPTIONS,
          scoreDimensions: SCORE_COLUMNS,
        }}
      />
      {shownProblem ? (
        <div className="notice notice-error" role="alert">
          <p>{shownProblem.message}</p>
          {shownProblem.issues.length > 0 ? (
            <ul>
              {shownProblem.issues.map((issue) => (
                <li key={`${issue.path}:${issue.message}`}>
                  <code>{issue.path}</code>: {issue.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : rows.length === 0 ? (
        <p role="status">
          {filtered ? "No records match this filter." : "No records yet."}
          {mayRate && !filtered ? (
            <>
              {" "}
              <Link href="/records/new">Rate a model output</Link> to create the first one.
            </>
          ) : null}
        </p>
      ) : (
        <>
          <p role="status" className="help-block">
            {rows.length} record{rows.length === 1 ? "" : "s"} on this page{page.nextCursor ? ", more on the next" : ""}
            . The same query as JSON: <a href={`/api/records?${first.toString()}`}>/api/records</a>.
          </p>
          <RecordsTable rows={rows} scoreColumns={SCORE_COLUMNS} />
        </>
      )}
      <nav className="pager" aria-label="Pages">
        {cursor ? <Link href={`/records?${first.toString()}`}>First page</Link> : null}
        {page.nextCursor ? <Link href={`/records?${next.toString()}`}>Next page</Link> : null}
      </nav>
    </>
  );
}

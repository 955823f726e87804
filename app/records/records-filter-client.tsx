"use client";
// The records browser's filter: every control writes the record filter's own
// query parameters (lib/export/record-filter.ts) into the URL, so a filtered
// view can be shared and exported, and the JSON API answers the same query.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";

export type FilterValues = {
  q: string;
  suiteId: string;
  taskId: string;
  raterName: string;
  raterType: string;
  system: string;
  from: string;
  to: string;
  derived: string;
  gold: string;
  hazard: string;
  /** min and max per score column's dimension ("" for no bound). */
  scores: Record<string, { min: string; max: string }>;
  sort: string;
};

type Options = {
  suites: { key: string; name: string }[];
  raterNames: string[];
  raterTypes: readonly string[];
  hazards: { value: string; label: string }[];
  scoreDimensions: { path: string; label: string }[];
};

/** The URL of the browser for these values (the first page). */
export function filterQuery(values: FilterValues): string {
  const params = new URLSearchParams();
  const set = (key: string, value: string) => {
    if (value.trim() !== "") params.set(key, value.trim());
  };
  set("q", values.q);
  set("suite_id", values.suiteId);
  for (const task of values.taskId.split(/[\s,]+/).filter(Boolean)) params.append("task_id", task);
  set("rater_name", values.raterName);
  set("rater_type", values.raterType);
  set("system", values.system);
  // <input type="date"> gives a day; the filter takes instants (UTC days: the table shows UTC).
  if (values.from) params.set("from", `${values.from}T00:00:00Z`);
  if (values.to) params.set("to", new Date(Date.parse(`${values.to}T00:00:00Z`) + 86_400_000).toISOString());
  set("derived", values.derived);
  set("gold", values.gold);
  set("hazard", values.hazard);
  for (const [path, range] of Object.entries(values.scores))
    if (range.min || range.max) params.append("score", `${path}:${range.min}..${range.max}`);
  if (values.sort !== "-created_at") params.set("sort", values.sort);
  return params.toString();
}

export function RecordsFilter({ initial, options }: { initial: FilterValues; options: Options }) {
  const router = useRouter();
  const [values, setValues] = useState(initial);
  const field = (key: Exclude<keyof FilterValues, "scores">) => (event: { target: { value: string } }) =>
    setValues((previous) => ({ ...previous, [key]: event.target.value }));
  const scoreField = (path: string, bound: "min" | "max") => (event: { target: { value: string } }) =>
    setValues((previous) => ({
      ...previous,
      scores: {
        ...previous.scores,
        [path]: { ...(previous.scores[path] ?? { min: "", max: "" }), [bound]: event.target.value },
      },
    }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    router.push(`/records?${filterQuery(values)}`);
  };
  return (
    <form onSubmit={submit} className="panel records-filter" role="search" aria-label="Filter records">
      <div className="records-filter-grid">
        <div className="form-group records-filter-search">
          <label htmlFor="filter-q" className="control-label">
            Search rationales and notes
          </label>
          <input id="filter-q" type="search" className="form-control" value={values.q} onChange={field("q")} />
        </div>
        <div className="form-group">
          <label htmlFor="filter-suite" className="control-label">
            Suite
          </label>
          <select id="filter-suite" className="form-control" value={values.suiteId} onChange={field("suiteId")}>
            <option value="">Any</option>
            {options.suites.map((suite) => (
              <option key={suite.key} value={suite.key}>
                {suite.name}
              </option>
            ))}
          </select>
        </div>
        <div className="form-group">
          <label htmlFor="filter-task" className="control-label">
            Task ids
          </label>
          <input id="filter-task" className="form-control" value={values.taskId} onChange={field("taskId")} />
        </div>
        <div className="form-group">
          <label htmlFor="filter-rater" className="control-label">
            Rater (name)
          </label>
          <input
            id="filter-rater"
            className="form-control"
            list="filter-rater-names"
            value={values.raterName}
            onChange={field("raterName")}
          />
          <datalist id="filter-rater-names">
            {options.raterNames.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </div>
        <div className="form-group">
          <label htmlFor="filter-rater-type" className="control-label">
            Rater type
          </label>
          <select
            id="filter-rater-type"
            className="form-control"
            value={values.raterType}
            onChange={field("raterType")}
          >
            <option value="">Any</option>
            {options.raterTypes.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </div>
        <div className="form-group">
          <label htmlFor="filter-system" className="control-label">
            System under test
          </label>
          <input id="filter-system" className="form-control" value={values.system} onChange={field("system")} />
        </div>
        <div className="form-group">
          <label htmlFor="filter-from" className="control-label">
            From (UTC day)
          </label>
          <input id="filter-from" type="date" className="form-control" value={values.from} onChange={field("from")} />
        </div>
        <div className="form-group">
          <label htmlFor="filter-to" className="control-label">
            To (UTC day, inclusive)
          </label>
          <input id="filter-to" type="date" className="form-control" value={values.to} onChange={field("to")} />
        </div>
        <div className="form-group">
          <label htmlFor="filter-derived" className="control-label">
            Corrections
          </label>
          <select id="filter-derived" className="form-control" value={values.derived} onChange={field("derived")}>
            <option value="">Any</option>
            <option value="true">Only corrections and reviews</option>
            <option value="false">Only originals</option>
          </select>
        </div>
        <div className="form-group">
          <label htmlFor="filter-gold" className="control-label">
            Gold items
          </label>
          <select id="filter-gold" className="form-control" value={values.gold} onChange={field("gold")}>
            <option value="">Any</option>
            <option value="true">Only gold</option>
            <option value="false">No gold</option>
          </select>
        </div>
        <div className="form-group">
          <label htmlFor="filter-hazard" className="control-label">
            Hazard verdict
          </label>
          <select id="filter-hazard" className="form-control" value={values.hazard} onChange={field("hazard")}>
            <option value="">Any</option>
            {options.hazards.map((hazard) => (
              <option key={hazard.value} value={hazard.value}>
                {hazard.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="records-filter-scores">
        <legend className="control-label">Scores (1–5; leave a bound empty for none)</legend>
        {options.scoreDimensions.map((dimension) => (
          <div key={dimension.path} className="records-filter-score">
            <span id={`score-${dimension.path}`}>{dimension.label}</span>
            <input
              type="number"
              min={1}
              max={5}
              step={0.5}
              className="form-control"
              aria-label={`${dimension.label}: at least`}
              value={values.scores[dimension.path]?.min ?? ""}
              onChange={scoreField(dimension.path, "min")}
            />
            <span aria-hidden="true">–</span>
            <input
              type="number"
              min={1}
              max={5}
              step={0.5}
              className="form-control"
              aria-label={`${dimension.label}: at most`}
              value={values.scores[dimension.path]?.max ?? ""}
              onChange={scoreField(dimension.path, "max")}
            />
          </div>
        ))}
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary">
          Apply filter
        </button>
        <Link href="/records" className="btn">
          Clear
        </Link>
      </div>
    </form>
  );
}

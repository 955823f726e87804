"use client";
// The admin sets when an item of the suite needs adjudication.
import { useState } from "react";
import type { AdjudicationRule } from "@/lib/adjudication/rule";
import { fetchJson } from "@/lib/http/fetch-json";

export function AdjudicationRuleClient({ suiteId, initial }: { suiteId: string; initial: AdjudicationRule }) {
  const [rule, setRule] = useState(initial);
  const [message, setMessage] = useState<string | null>(null);
  const flag = (key: "hazardConflict" | "refusalConflict" | "judgeConflict", label: string) => (
    <label className="checkbox-line">
      <input
        type="checkbox"
        checked={rule[key]}
        onChange={(event) => setRule({ ...rule, [key]: event.target.checked })}
      />{" "}
      {label}
    </label>
  );
  return (
    <form
      className="panel"
      data-testid="adjudication-rule"
      onSubmit={async (event) => {
        event.preventDefault();
        const result = await fetchJson(`/api/suites/${suiteId}`, {
          method: "PATCH",
          body: {
            adjudication_rule: {
              likert_spread: rule.likertSpread,
              hazard_conflict: rule.hazardConflict,
              refusal_conflict: rule.refusalConflict,
              judge_conflict: rule.judgeConflict,
              min_ratings: rule.minRatings,
            },
          },
        });
        setMessage(result.ok ? "Adjudication rule saved." : result.message);
      }}
    >
      <h3>When an item needs adjudication</h3>
      <p className="inline-field">
        <label htmlFor="rule-spread">Likert spread of at least</label>{" "}
        <input
          id="rule-spread"
          className="form-control number-input"
          type="number"
          min={1}
          max={6}
          value={rule.likertSpread}
          onChange={(event) => setRule({ ...rule, likertSpread: Number(event.target.value) })}
        />
      </p>
      {flag("hazardConflict", "Conflicting hazard verdicts")}
      {flag("refusalConflict", "Conflicting refusal appropriateness")}
      {flag("judgeConflict", "The judge against the humans")}
      <p className="inline-field">
        <label htmlFor="rule-min">Too few ratings below</label>{" "}
        <input
          id="rule-min"
          className="form-control number-input"
          type="number"
          min={1}
          max={50}
          value={rule.minRatings}
          onChange={(event) => setRule({ ...rule, minRatings: Number(event.target.value) })}
        />
      </p>
      <button type="submit" className="btn btn-primary">
        Save rule
      </button>
      {message ? <p role="status">{message}</p> : null}
    </form>
  );
}

"use client";
// The import page's "Add these items to a suite": a suite that may be running
// gets the import's items (POST /api/suites/:id/items); overlap k and the gold
// share are kept by the server, and what was added is said here.
import { useState } from "react";
import { fetchJson } from "@/lib/http/fetch-json";

type Props = { importId: string; suites: { id: string; label: string }[] };
type Outcome = { suiteId: string; label: string; added: number; alreadyInSuite: number } | { failure: string };

export function AddToSuiteClient({ importId, suites }: Props) {
  const [suiteId, setSuiteId] = useState(suites[0]?.id ?? "");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (suites.length === 0) return null;
  const add = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await fetchJson<{ added: number; already_in_suite: number }>(`/api/suites/${suiteId}/items`, {
      method: "POST",
      body: { import_ids: [importId] },
    });
    setBusy(false);
    if (!result.ok) return setOutcome({ failure: result.message });
    const label = suites.find((suite) => suite.id === suiteId)?.label ?? "";
    setOutcome({ suiteId, label, added: result.data.added, alreadyInSuite: result.data.already_in_suite });
  };
  return (
    <form className="panel" onSubmit={add} aria-labelledby="add-to-suite-title" data-testid="add-to-suite">
      <h2 id="add-to-suite-title">Add these items to a suite</h2>
      <p>
        Also while it runs: each item gets the suite&apos;s overlap k and keeps its gold flag, after the items already
        there. Items already in the suite are not added twice.
      </p>
      <label htmlFor="add-to-suite-choice">Suite</label>
      <select
        id="add-to-suite-choice"
        className="form-control"
        value={suiteId}
        onChange={(event) => setSuiteId(event.target.value)}
      >
        {suites.map((suite) => (
          <option key={suite.id} value={suite.id}>
            {suite.label}
          </option>
        ))}
      </select>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Add the items
      </button>
      {outcome && "failure" in outcome ? (
        <p className="notice notice-error" role="alert">
          {outcome.failure}
        </p>
      ) : outcome ? (
        <p className="notice" role="status" data-testid="add-to-suite-result">
          {outcome.added} {outcome.added === 1 ? "item" : "items"} added to{" "}
          <a href={`/admin/suites/${outcome.suiteId}`}>{outcome.label}</a>
          {outcome.alreadyInSuite > 0 ? `; ${outcome.alreadyInSuite} already in it` : ""}.
        </p>
      ) : null}
    </form>
  );
}

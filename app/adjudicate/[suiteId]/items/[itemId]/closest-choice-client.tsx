"use client";
// The adjudicator marks the source record closest to their decision (the
// authoritative record's derived_from); the choice is kept with the task.
import { useState } from "react";
import { fetchJson } from "@/lib/http/fetch-json";

export function ClosestChoiceClient({
  adjudicationId,
  sources,
  initial,
}: {
  adjudicationId: string;
  sources: { evalId: string; label: string }[];
  initial: string | undefined;
}) {
  const [chosen, setChosen] = useState(initial);
  const [message, setMessage] = useState<string | null>(null);
  return (
    <fieldset className="panel" data-testid="closest-choice">
      <legend>Closest source (your record derives from it)</legend>
      {sources.map((source) => (
        <label key={source.evalId} className="radio-line">
          <input
            type="radio"
            name="closest_eval_id"
            value={source.evalId}
            checked={chosen === source.evalId}
            onChange={async () => {
              setChosen(source.evalId);
              const result = await fetchJson(`/api/adjudications/${adjudicationId}/closest`, {
                method: "PUT",
                body: { closest_eval_id: source.evalId },
              });
              setMessage(result.ok ? "Saved." : result.message);
            }}
          />{" "}
          {source.label}
        </label>
      ))}
      {message ? <p role="status">{message}</p> : null}
    </fieldset>
  );
}

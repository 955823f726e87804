"use client";
// The admin's choice for an import with refused lines.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { fetchJson } from "@/lib/http/fetch-json";

export function ImportDecisionClient({
  importId,
  accepted,
  refused,
}: {
  importId: string;
  accepted: number;
  refused: number;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const decide = async (decision: "import_valid_lines" | "discard") => {
    setBusy(true);
    const result = await fetchJson(`/api/imports/${importId}/decision`, { method: "POST", body: { decision } });
    setBusy(false);
    if (!result.ok) setFailure(result.message);
    router.refresh();
  };
  return (
    <div className="panel" role="group" aria-labelledby="decision-title">
      <h2 id="decision-title">
        {refused} line{refused === 1 ? " was" : "s were"} refused — nothing is imported yet
      </h2>
      <div className="inline-form">
        {/* Only offered when there is something to import (an import with none ends as refused). */}
        {accepted > 0 ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => decide("import_valid_lines")}
          >
            Import the {accepted} valid line{accepted === 1 ? "" : "s"}
          </button>
        ) : null}
        <button type="button" className="btn" disabled={busy} onClick={() => decide("discard")}>
          Discard this import
        </button>
      </div>
      {failure ? (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}

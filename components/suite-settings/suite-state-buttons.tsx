"use client";
// Pause or resume a suite, archive or unarchive it: one PATCH each to the
// suite's address (an item suite's or a pairwise suite's), then the page
// reloads its data.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { fetchJson } from "@/lib/http/fetch-json";

export function SuiteStateButtons({
  patchUrl,
  paused,
  archived,
  noun = "items",
}: {
  patchUrl: string;
  paused: boolean;
  archived: boolean;
  /** What the suite hands out: "items", or "pairs". */
  noun?: string;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const change = async (body: { paused: boolean } | { archived: boolean }) => {
    setBusy(true);
    setFailure(null);
    const result = await fetchJson(patchUrl, { method: "PATCH", body });
    setBusy(false);
    if (!result.ok) return setFailure(result.message);
    router.refresh();
  };
  return (
    <p className="suite-state-buttons">
      <button type="button" className="btn" disabled={busy} onClick={() => change({ paused: !paused })}>
        {paused ? `Resume: hand out ${noun} again` : `Pause: hand out no ${noun}`}
      </button>{" "}
      <button type="button" className="btn" disabled={busy} onClick={() => change({ archived: !archived })}>
        {archived ? "Unarchive" : "Archive: hide from queues and listings (data kept)"}
      </button>
      {failure ? (
        <span className="notice notice-error" role="alert">
          {failure}
        </span>
      ) : null}
    </p>
  );
}

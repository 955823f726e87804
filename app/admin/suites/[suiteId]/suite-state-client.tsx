"use client";
// Pause or resume the suite, archive or unarchive it: one PATCH each, then the page reloads its data.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { fetchJson } from "@/lib/http/fetch-json";

export function SuiteStateClient({
  suiteId,
  paused,
  archived,
}: {
  suiteId: string;
  paused: boolean;
  archived: boolean;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const change = async (body: { paused: boolean } | { archived: boolean }) => {
    setBusy(true);
    setFailure(null);
    const result = await fetchJson(`/api/suites/${suiteId}`, { method: "PATCH", body });
    setBusy(false);
    if (!result.ok) return setFailure(result.message);
    router.refresh();
  };
  return (
    <p>
      <button type="button" className="btn" disabled={busy} onClick={() => change({ paused: !paused })}>
        {paused ? "Resume: hand out items again" : "Pause: hand out no items"}
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

"use client";
// "Export these": the browser's filter, as it is, becomes an export (POST
// /api/exports), and the browser downloads its file. Other formats and the
// export's progress are on the export page.
import { useState } from "react";

export function ExportThese({ filter, format }: { filter: Record<string, unknown>; format: string }) {
  const [state, setState] = useState<{ busy: boolean; failure: string | null }>({ busy: false, failure: null });
  const start = async () => {
    setState({ busy: true, failure: null });
    try {
      const response = await fetch("/api/exports", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...filter, format }),
      });
      const payload = (await response.json().catch(() => ({}))) as { file?: string; error?: { message?: string } };
      if (!response.ok || !payload.file)
        return setState({ busy: false, failure: payload.error?.message ?? `The server answered ${response.status}` });
      // The file answers with Content-Disposition: attachment, so the page stays.
      window.location.assign(payload.file);
      setState({ busy: false, failure: null });
    } catch {
      setState({ busy: false, failure: "The server is unreachable; try again." });
    }
  };
  return (
    <>
      <button type="button" className="btn" onClick={start} disabled={state.busy}>
        {state.busy ? "Preparing the export…" : "Export these"}
      </button>
      {state.failure ? (
        <p className="notice notice-error" role="alert">
          {state.failure}
        </p>
      ) : null}
    </>
  );
}

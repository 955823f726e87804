"use client";
// The admin writes the suite's guidelines for its raters (markdown source, shown to raters as text).
import { useState } from "react";
import { fetchJson } from "@/lib/http/fetch-json";

export function GuidelinesClient({ suiteId, initial }: { suiteId: string; initial: string }) {
  const [text, setText] = useState(initial);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="panel"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        const result = await fetchJson<{ guidelines: string }>(`/api/suites/${suiteId}`, {
          method: "PATCH",
          body: { guidelines: text },
        });
        setBusy(false);
        setMessage(result.ok ? "Guidelines saved: raters see them beside the form." : result.message);
      }}
    >
      <h2>
        <label htmlFor="suite-guidelines">Guidelines for raters</label>
      </h2>
      <p className="help-block">
        Markdown. Raters see them in a side panel on every item of this suite (g shows or hides it).
      </p>
      <textarea
        id="suite-guidelines"
        className="form-control"
        rows={8}
        maxLength={20000}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Save guidelines
      </button>
      {message ? <p role="status">{message}</p> : null}
    </form>
  );
}

"use client";
// The admin writes a suite's guidelines for its raters (markdown source,
// rendered beside the item or the pair as item text is): one PATCH to the
// suite's address (an item suite's or a pairwise suite's).
import { useState } from "react";
import { fetchJson } from "@/lib/http/fetch-json";

export function GuidelinesEditor({
  patchUrl,
  initial,
  where = "on every item of this suite",
}: {
  patchUrl: string;
  initial: string;
  /** Where raters read them. */
  where?: string;
}) {
  const [text, setText] = useState(initial);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="panel"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        const result = await fetchJson<{ guidelines: string }>(patchUrl, {
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
      <p className="help-block">Markdown. Raters see them in a side panel {where} (g shows or hides it).</p>
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

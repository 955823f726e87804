"use client";
// The SMEs who review the pairwise suite's LLM-judge verdicts (admin): a
// checkbox per SME, saved as the whole list.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { fetchJson } from "@/lib/http/fetch-json";

type Choice = { id: string; label: string };

export function PairwiseReviewersClient({
  suiteId,
  initial,
  smes,
}: {
  suiteId: string;
  initial: string[];
  smes: Choice[];
}) {
  const router = useRouter();
  const [chosen, setChosen] = useState(() => new Set(initial));
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const toggle = (id: string, on: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setMessage(null);
    const result = await fetchJson<{ reviewer_ids: string[] }>(`/api/pairwise/suites/${suiteId}/reviewers`, {
      method: "PUT",
      body: { reviewer_ids: [...chosen] },
    });
    setSaving(false);
    if (!result.ok) return setMessage({ text: result.message, error: true });
    setMessage({ text: "Saved. The SMEs find the suite's judge verdicts under Review.", error: false });
    router.refresh();
  };
  return (
    <form onSubmit={save} className="panel" aria-labelledby="pair-reviewers-title">
      <h2 id="pair-reviewers-title">SME review of the judge&apos;s verdicts</h2>
      <fieldset className="form-group">
        <legend className="control-label">SMEs</legend>
        <p className="help-block">
          Each verdict an LLM judge run stores waits for one of these SMEs, who confirms or corrects it.
        </p>
        {smes.length === 0 ? <p>No user has the SME role yet.</p> : null}
        {smes.map((sme) => (
          <label key={sme.id} className="checkbox-line">
            <input
              type="checkbox"
              value={sme.id}
              checked={chosen.has(sme.id)}
              onChange={(event) => toggle(sme.id, event.target.checked)}
            />{" "}
            {sme.label}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={saving}>
        {saving ? "Saving…" : "Save SMEs"}
      </button>
      {message ? (
        <p className={message.error ? "notice notice-error" : "notice"} role={message.error ? "alert" : "status"}>
          {message.text}
        </p>
      ) : null}
    </form>
  );
}

"use client";
// Upload of LLM-judge records (JSONL or a JSON array) as prefills; shows every refused line.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { PREFILL_FORMATS, SCALE_MAPPINGS } from "@/lib/imports/formats";

type LineError = { line: number; field: string; rule: string; message: string };
type Report = {
  stored: number;
  already_present: number;
  refused: number;
  records_read: number;
  errors: LineError[];
  notes: string[];
};
type Answer = { ok: boolean; message: string; report: Report | null };

export function PrefillUploadClient({ suiteId }: { suiteId: string }) {
  const router = useRouter();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<{
    file: FileList;
    storeValid: boolean;
    format: string;
    scale: string;
    judgeModel: string;
    judgeVersion: string;
    scorers: string;
  }>({ defaultValues: { format: "aif", scale: "linear", judgeModel: "", judgeVersion: "", scorers: "" } });
  const onSubmit = handleSubmit(async ({ file, storeValid, format, scale, judgeModel, judgeVersion, scorers }) => {
    const chosen = file?.[0];
    if (!chosen) return setError("file", { message: "Choose a file of judge records" });
    const query = new URLSearchParams({
      file_name: chosen.name,
      format,
      scale,
      // Only for another tool's judge output: AIF records name their judge themselves.
      ...(format !== "aif" && judgeModel.trim() ? { judge_model: judgeModel.trim() } : {}),
      ...(format !== "aif" && judgeVersion.trim() ? { judge_version: judgeVersion.trim() } : {}),
      ...(format === "inspect_scores" && scorers.trim() ? { scorer: scorers.trim() } : {}),
      ...(storeValid ? { store_valid: "true" } : {}),
    });
    const response = await fetch(`/api/suites/${suiteId}/prefills?${query}`, {
      method: "POST",
      body: chosen,
      headers: { "content-type": "application/x-ndjson" },
    });
    const body = (await response.json().catch(() => null)) as
      (Report & { report?: Report; error?: { message: string } }) | null;
    if (response.ok && body)
      setAnswer({
        ok: true,
        message: `Stored ${body.stored} prefill(s); ${body.already_present} were already imported.`,
        report: body,
      });
    else
      setAnswer({
        ok: false,
        message: body?.error?.message ?? `The import failed (HTTP ${response.status})`,
        report: body?.report ?? null,
      });
    router.refresh();
  });
  return (
    <section className="panel" aria-labelledby="prefill-title">
      <h2 id="prefill-title">Import judge prefills</h2>
      <p className="help-block">
        AIF records with <code>rater.type = &quot;llm_judge&quot;</code>, as JSON Lines or a JSON array, matched to this
        suite&apos;s items by <code>task.task_id</code> (and <code>task.suite_id</code>,{" "}
        <code>subject.system_under_test</code> where they tell items apart) — or another judge&apos;s output (MT-Bench,
        Arena-Hard, AlpacaEval, WildBench, Inspect scores), matched by its question or sample id and the model judged,
        with its 1-10 scores mapped to 1-5 as chosen below and the mapping written into each prefill.
      </p>
      <form onSubmit={onSubmit} noValidate className="inline-form">
        <label htmlFor="prefill-file">File</label>
        <input
          id="prefill-file"
          type="file"
          accept=".jsonl,.json,.ndjson,application/json"
          aria-invalid={formState.errors.file ? true : undefined}
          {...register("file")}
        />
        <label htmlFor="prefill-format">Format</label>
        <select id="prefill-format" className="form-control" {...register("format")}>
          {PREFILL_FORMATS.map((format) => (
            <option key={format.id} value={format.id}>
              {format.label}
            </option>
          ))}
        </select>
        <label htmlFor="prefill-scale">Score mapping</label>
        <select
          id="prefill-scale"
          className="form-control"
          aria-describedby="prefill-scale-help"
          {...register("scale")}
        >
          {SCALE_MAPPINGS.map((mapping) => (
            <option key={mapping.id} value={mapping.id}>
              {mapping.name}
            </option>
          ))}
        </select>
        <span id="prefill-scale-help" className="help-block">
          {SCALE_MAPPINGS.map((mapping) => mapping.label).join("; ")}. Pairwise judges set vs_reference instead.
        </span>
        <label htmlFor="prefill-judge-model">Judge model</label>
        <input
          id="prefill-judge-model"
          className="form-control"
          maxLength={200}
          aria-describedby="prefill-judge-help"
          {...register("judgeModel")}
        />
        <label htmlFor="prefill-judge-version">Judge version</label>
        <input
          id="prefill-judge-version"
          className="form-control"
          maxLength={200}
          aria-describedby="prefill-judge-help"
          {...register("judgeVersion")}
        />
        <span id="prefill-judge-help" className="help-block">
          For another tool&apos;s output that does not name its judge (WildBench names it only in its folder): the model
          that judged and its version, written into each prefill. A judgment with no judge named is refused.
        </span>
        <label htmlFor="prefill-scorers">Model-graded Inspect scorers</label>
        <input
          id="prefill-scorers"
          className="form-control"
          maxLength={1000}
          aria-describedby="prefill-scorers-help"
          {...register("scorers")}
        />
        <span id="prefill-scorers-help" className="help-block">
          Inspect scores only: custom scorers (comma-separated) that a model grades, beside model_graded_qa and
          model_graded_fact. Rule-based scorers (choice, includes, match, exact…) are never read as a judge.
        </span>
        <label>
          <input type="checkbox" {...register("storeValid")} /> Store the valid records even if some are refused
        </label>
        <button type="submit" className="btn" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? "Importing…" : "Import prefills"}
        </button>
      </form>
      {formState.errors.file ? (
        <p className="notice notice-error" role="alert">
          {formState.errors.file.message}
        </p>
      ) : null}
      {answer ? (
        <p
          className={answer.ok ? "notice" : "notice notice-error"}
          role={answer.ok ? "status" : "alert"}
          data-testid="prefill-result"
        >
          {answer.message}
        </p>
      ) : null}
      {answer?.report && answer.report.errors.length > 0 ? (
        <table className="records-table" data-testid="prefill-errors">
          <thead>
            <tr>
              <th scope="col">Line (record in a JSON document)</th>
              <th scope="col">Field</th>
              <th scope="col">Rule</th>
              <th scope="col">Message</th>
            </tr>
          </thead>
          <tbody>
            {answer.report.errors.map((error, index) => (
              <tr key={index}>
                <td>{error.line}</td>
                <td className="mono">{error.field}</td>
                <td>{error.rule}</td>
                <td>{error.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
